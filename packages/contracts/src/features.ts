/** Every feature a tenant can be given (spec part 1 §1). */
export const FEATURES = [
  'News', 'Calendar', 'TimeLogs', 'Sprints', 'Whistleblow', 'Messages', 'Documents', 'Notifications',
  'Marketplace', 'Email', 'ToolBox', 'PersonalPlan', 'OutOfOfficeStatus', 'Onboarding', 'Feed', 'Roleplay',
  'Absent', 'PlayBook', 'Poll', 'PageBuilder', 'Todo', 'Phonebook', 'CRM', 'Employee', 'DataRoom',
  'AISelling', 'Chat',
] as const;
export type FeatureName = (typeof FEATURES)[number];
