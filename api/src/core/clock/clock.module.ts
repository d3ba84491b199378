import { Global, Module } from '@nestjs/common';
import { ClientCalendar } from './client-calendar';
import { useContractsClock } from '../../contracts/now';
import { Clock, SystemClock } from './clock';

/** The clock this process's applications are built with; the system clock unless `ClockModule.use` chose another first. */
let chosen: Clock | null = null;

/**
 * Provides the one Clock. The API app and the workers built in one process (the e2e suites) share the
 * clock chosen before they are built, so a simulation moves both at once.
 */
@Global()
@Module({
  providers: [
    {
      provide: Clock,
      useFactory: (): Clock => {
        const clock = chosen ?? new SystemClock();
        // The contracts' rules that cannot be handed the time (zod refinements) read this clock too.
        useContractsClock(() => clock.now());
        return clock;
      },
    },
    ClientCalendar,
  ],
  exports: [Clock, ClientCalendar],
})
export class ClockModule {
  /** Chooses the clock of the applications built after this call (tests). */
  static use(clock: Clock | null): void {
    chosen = clock;
  }
}
