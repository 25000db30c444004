import type { DemoStep } from '../demo-step.js';
import { collaborationComments, collaborationIdeas, collaborationMembers, collaborations } from './sprints.schema.js';

type Plan = { name: string; members: string[]; ideas: { title: string; comments: string[] }[] };

/** Each demo tenant's collaborations, with members, ideas and comments from the demo accounts. */
const PLANS: Record<'northwind' | 'harbour', Plan[]> = {
  northwind: [
    {
      name: 'Customer onboarding sprint',
      members: ['user@atrium.test', 'admin@atrium.test', 'partner@atrium.test'],
      ideas: [
        { title: 'Welcome call in the first week', comments: ['Yes, and a checklist for it', 'Who books it?'] },
        { title: 'One-page getting-started guide', comments: ['Draft is in the shared folder'] },
        { title: 'Short video tour', comments: [] },
      ],
    },
    {
      name: 'Office move',
      members: ['admin@atrium.test', 'user@atrium.test'],
      ideas: [{ title: 'Label every box by team', comments: ['Colour codes per floor', 'Agreed', 'Done'] }],
    },
    { name: 'Hackathon ideas', members: ['user@atrium.test'], ideas: [] },
  ],
  harbour: [
    {
      name: 'Care plan improvements',
      members: ['partner@atrium.test'],
      ideas: [
        { title: 'Shared evening handover notes', comments: ['Trial on ward B first'] },
        { title: 'Weekly family update mail', comments: [] },
      ],
    },
  ],
};

/** Collaborations of the Sprints feature, so /tenants/info/{id} has numbers to show in both demo tenants. */
export const sprintsDemo: DemoStep = async ({ tx, tenants, users }) => {
  for (const key of ['northwind', 'harbour'] as const) {
    const tenantId = tenants[key];
    for (const plan of PLANS[key]) {
      const [collaboration] = await tx.insert(collaborations).values({ tenantId, name: plan.name }).returning();
      const collaborationId = collaboration!.id;
      const memberIds = plan.members.map((email) => users[email]).filter((id): id is string => !!id);
      if (memberIds.length) {
        await tx
          .insert(collaborationMembers)
          .values(memberIds.map((userId) => ({ tenantId, collaborationId, userId })));
      }
      for (const [i, idea] of plan.ideas.entries()) {
        const authorId = memberIds[i % Math.max(1, memberIds.length)] ?? null;
        const [row] = await tx
          .insert(collaborationIdeas)
          .values({ tenantId, collaborationId, authorId, title: idea.title })
          .returning();
        if (idea.comments.length) {
          await tx.insert(collaborationComments).values(
            idea.comments.map((text, j) => ({
              tenantId,
              ideaId: row!.id,
              authorId: memberIds[(i + j + 1) % Math.max(1, memberIds.length)] ?? null,
              text,
            })),
          );
        }
      }
    }
  }
};
