import Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the .hbs views are: beside this file in the sources, or the source tree seen from dist/ (tsc copies no .hbs). */
function viewsDir(): string {
  const candidates = [join(__dirname, 'views'), resolve(__dirname, '../../../../../api/src/modules/employer-forms/views'), resolve(process.cwd(), 'api/src/modules/employer-forms/views')];
  const found = candidates.find((d) => existsSync(join(d, 'layout.hbs')));
  if (!found) throw new Error(`employer forms views not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Renders the Employer Forms pages (server-side Handlebars, escaped by default; no script on any page). */
export class PageRenderer {
  private readonly hbs = Handlebars.create();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate>();
  private dir: string | undefined;

  constructor() {
    this.hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  }

  page(view: 'steps' | 'step' | 'expired', title: string, data: object): string {
    const body = this.template(`${view}.hbs`)(data);
    return this.template('layout.hbs')({ title, body });
  }

  private template(name: string): Handlebars.TemplateDelegate {
    let t = this.compiled.get(name);
    if (!t) {
      this.dir ??= viewsDir();
      t = this.hbs.compile(readFileSync(join(this.dir, name), 'utf8'), { strict: false });
      this.compiled.set(name, t);
    }
    return t;
  }
}
