import { TenantListPage } from '@/features/tenant-settings/components/tenant-list-page';

/** /tenants/teams/{id}: the tenant's teams (the shared list page). */
export default function TenantTeamsPage() {
  return <TenantListPage kind="teams" />;
}
