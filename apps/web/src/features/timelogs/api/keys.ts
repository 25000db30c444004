/** Query keys of time logging: everything under ['timelogs'], so one invalidation refreshes it all. */
export const timelogsKeys = {
  all: ['timelogs'] as const,
  week: (monday: string) => ['timelogs', 'week', monday] as const,
  personalProjects: () => ['timelogs', 'personal-projects'] as const,
  projects: () => ['timelogs', 'projects'] as const,
  project: (id: string) => ['timelogs', 'project', id] as const,
  overview: (kind: string, from: string, to: string) => ['timelogs', 'overview', kind, from, to] as const,
  tenantUsers: (search: string) => ['timelogs', 'tenant-users', search] as const,
};
