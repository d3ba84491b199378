/**
 * The client's period whose plan year is in force on the client's today: the latest started
 * period whose plans have taken effect; until any has, the current period. Between the start of next year's
 * open enrollment and next year's effective date the current period (being enrolled in) and the period in
 * force (being covered by) differ; on the effective date the new elections become the ones in force.
 * `now` is the SQL parameter that carries the clock's now; `$client` the acting client.
 */
export const inForcePeriodSql = (now: string): string => `coalesce(
  (SELECT p.id FROM open_enrollment_period p
     JOIN client c ON c.id = p.client_id
     CROSS JOIN LATERAL (SELECT min(pl.effective_date) AS starts FROM plan pl WHERE pl.open_enrollment_period_id = p.id) y
    WHERE p.client_id = $client AND p.started_at IS NOT NULL AND y.starts <= (${now}::timestamptz AT TIME ZONE c.time_zone)::date
    ORDER BY y.starts DESC, p.id DESC LIMIT 1),
  (SELECT id FROM open_enrollment_period WHERE client_id = $client AND is_current))`;

/** Which period's elections to read: the one being enrolled in (the wizard, signing) or the one in force (dashboard, census). */
export type PeriodView = 'current' | 'in-force';
