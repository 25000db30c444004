import { and, eq } from 'drizzle-orm';
import type { DemoStep } from '../demo-step.js';
import { userGroupMembers, userGroups } from '../usergroups/usergroups.schema.js';
import { pairOf } from './chat.repository.js';
import { chatConversations, chatMessages, chatReads } from './chat.schema.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * Chat in Northwind Partners: Ada and Uma talk directly (Uma has two unread), Pat asks Ada something,
 * and the staff group (its members read from the group: Uma, and Ada added here) has a thread.
 */
export const chatDemo: DemoStep = async ({ tx, tenants, users }) => {
  const tenantId = tenants.northwind;
  const ada = users['admin@atrium.test']!;
  const uma = users['user@atrium.test']!;
  const pat = users['partner@atrium.test']!;

  const [staff] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.name, 'Staff')));
  if (!staff) return;
  await tx.insert(userGroupMembers).values({ groupId: staff.id, userId: ada }).onConflictDoNothing();

  async function conversation(
    key: { groupId: string } | { userLow: string; userHigh: string },
    lines: [string, number, string][],
  ) {
    const [c] = await tx
      .insert(chatConversations)
      .values({ tenantId, ...key, lastMessageAt: minutesAgo(lines.at(-1)![1]) })
      .returning({ id: chatConversations.id });
    await tx.insert(chatMessages).values(
      lines.map(([senderId, ago, text]) => ({
        tenantId,
        conversationId: c!.id,
        senderId,
        text,
        createdAt: minutesAgo(ago),
      })),
    );
    return c!.id;
  }

  const adaUma = await conversation(pairOf(ada, uma), [
    [ada, 2900, 'Hi Uma, welcome to Northwind! Shout if anything is unclear.'],
    [uma, 2890, 'Thanks Ada! Where do I log my hours?'],
    [ada, 2885, 'Under Time logs in the menu. The guide is at https://example.com/atrium-guide'],
    [uma, 2880, 'Found it, thank you.'],
    [ada, 40, 'Could you look at the Harbour contract before Friday?'],
    [ada, 39, 'It is in Documents under Contracts.'],
  ]);
  // Uma read up to her thanks: Ada's two latest are unread for her. Ada read everything.
  await tx.insert(chatReads).values([
    { tenantId, conversationId: adaUma, userId: uma, readAt: minutesAgo(2879) },
    { tenantId, conversationId: adaUma, userId: ada, readAt: minutesAgo(39) },
  ]);

  const patAda = await conversation(pairOf(pat, ada), [
    [pat, 300, 'Ada, are the new Harbour users set up?'],
    [ada, 290, 'Yes, all three. They got their invitation mails this morning.'],
  ]);
  await tx.insert(chatReads).values([
    { tenantId, conversationId: patAda, userId: pat, readAt: minutesAgo(290) },
    { tenantId, conversationId: patAda, userId: ada, readAt: minutesAgo(290) },
  ]);

  const staffChat = await conversation({ groupId: staff.id }, [
    [ada, 1500, 'Team lunch on Thursday at 12:00, who is in?'],
    [uma, 1490, 'Me!'],
    [uma, 1489, 'Can we try the new place on the corner?'],
    [ada, 120, 'Reminder: the office is closed on Monday.'],
  ]);
  await tx.insert(chatReads).values([
    { tenantId, conversationId: staffChat, userId: ada, readAt: minutesAgo(120) },
    { tenantId, conversationId: staffChat, userId: uma, readAt: minutesAgo(1489) },
  ]);
};
