import { todayIn } from '../../contracts/engine/dates';

/**
 * The time every rule reads ("no rule reads the time itself"). Services take it by injection and
 * ask for a client's today in the client's time zone; SQL gets `now()` as a parameter from here instead
 * of reading the database server's clock. Production runs on the system clock; tests (the year
 * simulation) give the API and the workers one ControlledClock that they move.
 */
export abstract class Clock {
  abstract now(): Date;

  /** The calendar date (YYYY-MM-DD) in an IANA time zone at this moment. */
  todayIn(timeZone: string): string {
    return todayIn(timeZone, this.now());
  }

  /** The current instant as ISO text, the form SQL takes it in (`$n::timestamptz`). */
  nowIso(): string {
    return this.now().toISOString();
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock a test sets and moves; it stands still between moves, so a run is repeatable. */
export class ControlledClock extends Clock {
  private at: number;

  constructor(start: Date | string) {
    super();
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(to: Date | string): void {
    this.at = new Date(to).getTime();
  }

  advanceDays(days: number): void {
    this.at += days * 86_400_000;
  }
}
