import type { Problem } from '@atrium/contracts';

/** A failed API call, carrying the RFC 9457 problem details the server answered with. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  /** The problem's title; undefined when the answer had no problem body (a proxy's bare 502, say). */
  readonly title: string | undefined;
  readonly errors: { field: string; message: string }[];
  /** Seconds to wait before trying again (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(status: number, problem: Partial<Problem>, retryAfter?: number) {
    super(problem.detail || problem.title || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code;
    this.detail = problem.detail;
    this.title = problem.title;
    this.errors = problem.errors ?? [];
    this.retryAfter = retryAfter;
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  let problem: Partial<Problem> = {};
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      problem = await response.json();
    } catch {
      // An unreadable body still leaves the status to go by.
    }
  }
  const retryHeader = response.headers.get('retry-after');
  const retryAfter = retryHeader && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  return new ApiError(response.status, problem, retryAfter);
}
