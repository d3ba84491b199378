import { loadConfig } from '../core/config/app-config';
import { DEMO_PASSWORD, seedRegistration } from '../seed/seed';
import { DEMO_LOGINS, startBanner } from './start-banner';

/**
 * Started by scripts/start.sh beside the portal: waits until it answers, then prints the banner, so the banner
 * comes after the start's log lines (the last lines a newcomer sees).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const live = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/mbl/api/health/live`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(live)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${live} did not answer within 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const registration = seedRegistration(config);
  process.stdout.write(
    startBanner({
      productName: config.productName,
      publicUrl: config.publicUrl,
      devMailbox: config.devMailbox,
      demoPassword: DEMO_PASSWORD,
      logins: DEMO_LOGINS,
      registration: { for: registration.registrationFor, link: registration.link },
    }),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`no start banner: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
