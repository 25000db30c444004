/** The database error code behind a failed (Drizzle) query, or 'no error' when it succeeded. */
export async function refusal(work: PromiseLike<unknown>) {
  try {
    await work;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return 'no error';
}
