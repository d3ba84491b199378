import type { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../core/config/app-config';
import { Metrics } from './metrics';

/**
 * ops/grafana/benefits-portal.json, checked against what the processes export: every metric a panel queries is one
 * this process registers (a histogram by its _bucket/_count/_sum series), and every label a panel groups or filters
 * by is one of that metric's labels. A renamed metric or label fails here, not on an empty panel.
 */
interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}
const dashboard = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'ops', 'grafana', 'benefits-portal.json'), 'utf8')) as { panels: Panel[] };

// Built for its registry only: nothing here scrapes, so the queue and pool readers are never called.
const metrics = new Metrics(loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv), {} as DataSource, {} as ModuleRef, {} as HttpAdapterHost);
const registered = new Map(
  metrics.registry.getMetricsAsArray().map((m) => [m.name, new Set((m as unknown as { labelNames?: readonly string[] }).labelNames ?? [])] as const),
);
const SERIES_SUFFIX = /_(bucket|count|sum)$/;
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'rate', 'by', 'without', 'histogram_quantile', 'le']);

describe('the Grafana dashboard', () => {
  const panels = dashboard.panels.filter((p) => (p.targets ?? []).length > 0);

  it('has the panels the operators need', () => {
    expect(panels.map((p) => p.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/latency/i), expect.stringMatching(/queue depth/i), expect.stringMatching(/job/i), expect.stringMatching(/emails/i), expect.stringMatching(/pool/i), expect.stringMatching(/event-loop/i)]),
    );
  });

  it.each(panels.flatMap((p) => (p.targets ?? []).map((t) => [p.title, t.expr] as const)))('%s: %s queries metrics and labels the processes export', (_title, expr) => {
    // Metric names: the words left once quoted values, label matchers, groupings and ranges are taken out.
    const bare = expr.replace(/"[^"]*"/g, '').replace(/\{[^}]*\}/g, '').replace(/\bby \([^)]*\)/g, '').replace(/\[[^\]]*\]/g, '');
    const names = [...bare.matchAll(/\b([a-z][a-z0-9_]*_[a-z0-9_]+)\b/g)].map((m) => m[1]!).filter((n) => !PROMQL_WORDS.has(n));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const base = registered.has(name) ? name : name.replace(SERIES_SUFFIX, '');
      expect({ name, registered: registered.has(base) }).toEqual({ name, registered: true });
      const labels = registered.get(base)!;
      const used = [...expr.matchAll(/\bby \(([^)]*)\)/g), ...expr.matchAll(/\{([a-z_]+)=/g)].flatMap((m) => m[1]!.split(',').map((s) => s.trim()));
      for (const label of used.filter((l) => l !== 'le' && l !== '')) {
        if (labels.size > 0) expect({ name: base, label, known: labels.has(label) }).toEqual({ name: base, label, known: true });
      }
    }
  });
});
