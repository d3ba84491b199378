/**
 * Every employee's elections of a period (`$1`) in one jsonb value, keyed by censusId (the employee id),
 * each with the elections by plan type and the dependents keyed by individualId:
 * what the transactions report compares between a period's start and its close. `$client` is the client.
 */
export const ENROLLMENT_SNAPSHOT_SQL = `
  SELECT coalesce(jsonb_object_agg(e.id::text, jsonb_build_object(
           'firstName', e.first_name,
           'lastName', e.last_name,
           'individualId', e.individual_id,
           'elections', coalesce((
             SELECT jsonb_object_agg(en.plan_type_id::text, jsonb_build_object(
                      'planId', en.plan_id, 'planName', pl.name, 'status', en.status, 'tier', en.tier,
                      'contributionCents', en.contribution_cents,
                      'dependents', coalesce((SELECT jsonb_agg(d.individual_id ORDER BY d.individual_id)
                                                FROM enrollment_dependent ed JOIN dependent d ON d.id = ed.dependent_id
                                               WHERE ed.enrollment_id = en.id), '[]'::jsonb)))
               FROM enrollment en LEFT JOIN plan pl ON pl.id = en.plan_id
              WHERE en.employee_id = e.id AND en.open_enrollment_period_id = $1), '{}'::jsonb),
           'dependents', coalesce((
             SELECT jsonb_object_agg(d.individual_id::text, jsonb_build_object('firstName', d.first_name, 'lastName', d.last_name, 'relationshipTypeId', d.relationship_type_id))
               FROM dependent d WHERE d.employee_id = e.id AND d.deleted_at IS NULL), '{}'::jsonb)
         )), '{}'::jsonb)
    FROM employee e WHERE e.client_id = $client`;
