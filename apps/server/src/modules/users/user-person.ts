import type { Db } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import * as repo from './users.repository.js';

type PersonInput = Partial<repo.Person>;

/**
 * Writes the person's title, phone, team and department (those given) on their membership of the
 * active tenant. A team or department must be that tenant's (400 otherwise: never a foreign key's 5xx
 * nor another tenant's team); a value for someone not in the active tenant is refused, while empty
 * values are then nothing to write (the form sends its fields for every user it saves).
 */
export async function savePerson(conn: Db, tenantId: string | null, userId: string, input: PersonInput) {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as PersonInput;
  if (!Object.keys(values).length) return;
  const given = Object.entries(values).filter(([, v]) => v !== '' && v !== null);
  if (!given.length && !(tenantId && (await repo.isMember(conn, userId, tenantId)))) return;
  if (!tenantId) throw fieldError(given[0]![0], 'noActiveTenant', 'Choose the tenant the person works in first');
  if (values.teamId && !(await repo.isTenantTeam(conn, tenantId, 'teams', values.teamId))) {
    throw fieldError('teamId', 'notFound', 'No such team in this tenant');
  }
  if (values.departmentId && !(await repo.isTenantTeam(conn, tenantId, 'departments', values.departmentId))) {
    throw fieldError('departmentId', 'notFound', 'No such department in this tenant');
  }
  if (!(await repo.updatePerson(conn, userId, tenantId, values))) {
    throw fieldError(given[0]![0], 'notInActiveTenant', 'The user is not in the active tenant');
  }
}
