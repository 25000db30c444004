import type { IdeaStatus } from '@atrium/contracts';
import type { DemoStep } from '../demo-step.js';
import { addCollaboration, addComment, addIdea, castVote, moveIdea } from './sprints.service.js';

type Plan = {
  title: string;
  description?: string;
  /** Days from today (negative: before). */
  starts?: number;
  ends?: number;
  owner: string;
  members: string[];
  ideas: { title: string; description?: string; comments: string[]; votes: number; status?: IdeaStatus }[];
};

/** Each demo tenant's collaborations, with members, ideas, votes and comments from the demo accounts. */
const PLANS: Record<'northwind' | 'harbour', Plan[]> = {
  northwind: [
    {
      title: 'Customer onboarding sprint',
      description:
        '<p>How do new customers get going <strong>in their first month</strong>? Bring ideas, vote for the ones you would start with.</p>',
      starts: -7,
      ends: 21,
      owner: 'admin@atrium.test',
      members: ['user@atrium.test', 'partner@atrium.test'],
      ideas: [
        {
          title: 'Welcome call in the first week',
          description: '<p>A short call with the account manager to set goals.</p>',
          comments: ['Yes, and a checklist for it', 'Who books it?'],
          votes: 3,
          status: 'selected',
        },
        { title: 'One-page getting-started guide', comments: ['Draft is in the shared folder'], votes: 2 },
        { title: 'Short video tour', comments: [], votes: 1 },
      ],
    },
    {
      title: 'Office move',
      description: '<p>Everything about moving to the new office on the harbour front.</p>',
      starts: -60,
      ends: -5,
      owner: 'admin@atrium.test',
      members: ['user@atrium.test'],
      ideas: [
        {
          title: 'Label every box by team',
          comments: ['Colour codes per floor', 'Agreed', 'Done'],
          votes: 2,
          status: 'done',
        },
      ],
    },
    {
      title: 'Hackathon ideas',
      description: '<p>Two days in spring to build whatever helps us most.</p>',
      starts: 30,
      owner: 'user@atrium.test',
      members: [],
      ideas: [],
    },
  ],
  harbour: [
    {
      title: 'Care plan improvements',
      owner: 'partner@atrium.test',
      members: [],
      ideas: [
        { title: 'Shared evening handover notes', comments: ['Trial on ward B first'], votes: 1 },
        { title: 'Weekly family update mail', comments: [], votes: 0 },
      ],
    },
  ],
};

const day = (offset: number | undefined) =>
  offset === undefined ? null : new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Collaborations of the Sprints feature, written through the module's own writes (counts kept as the
 * app keeps them), so /tenants/info/{id} and /sprints have something to show in both demo tenants.
 */
export const sprintsDemo: DemoStep = async ({ tx, tenants, users }) => {
  for (const key of ['northwind', 'harbour'] as const) {
    const tenantId = tenants[key];
    for (const plan of PLANS[key]) {
      const ownerId = users[plan.owner] ?? null;
      const memberIds = plan.members.map((email) => users[email]).filter((id): id is string => !!id);
      const people = [ownerId, ...memberIds].filter((id): id is string => !!id);
      const collaborationId = await addCollaboration(
        tx,
        tenantId,
        {
          title: plan.title,
          description: plan.description,
          startsOn: day(plan.starts),
          endsOn: day(plan.ends),
          ownerId,
        },
        memberIds,
      );
      for (const [i, idea] of plan.ideas.entries()) {
        const ideaId = await addIdea(tx, tenantId, collaborationId, people[i % people.length]!, {
          title: idea.title,
          description: idea.description,
        });
        for (const [j, text] of idea.comments.entries()) {
          await addComment(tx, tenantId, ideaId, people[(i + j + 1) % people.length]!, text);
        }
        for (const voter of people.slice(0, idea.votes)) await castVote(tx, tenantId, ideaId, voter);
        if (idea.status) await moveIdea(tx, tenantId, ideaId, idea.status);
      }
    }
  }
};
