import { PRODUCT_NAME } from '@atrium/contracts';

/** The OpenAPI document's description (markdown): what a caller needs before the first operation. */
export const API_GUIDE = `
The API of ${PRODUCT_NAME}, a multi-tenant workplace platform: the web app uses exactly these operations.
Operations are grouped by module (their tag). Paths are relative to the server entry, \`/core/api\`.

## Sign in

\`POST /auth/login\` answers an access token (a JWT, valid for minutes) and sets the refresh cookie.
Send the token as \`Authorization: Bearer <token>\` with every operation that is not marked public.

\`\`\`sh
curl -s https://atrium.example/core/api/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"admin@atrium.test","password":"<password>","rememberMe":false}'
# {"user":{...},"token":"eyJhbGciOi..."}
TOKEN=eyJhbGciOi...
\`\`\`

When the account has two-factor sign-in, the answer is a challenge instead (\`{"twoFactor":"code","challenge":"..."}\`):
send the authenticator app's code with it to \`POST /auth/login/2fa\`, which answers the token.
When the token expires (401 \`sessionExpired\`), \`POST /auth/refresh\` with the refresh cookie answers a new one.

## Choose a tenant

Most operations work in the session's active tenant. \`GET /me/info\` lists the tenants the user belongs
to; \`POST /auth/activetenant\` makes one active and answers a new token that carries it: use that token
from then on. Without an active tenant, those operations answer 400 \`noActiveTenant\`.

\`\`\`sh
curl -s https://atrium.example/core/api/me/info -H "Authorization: Bearer $TOKEN"
# {"tenants":[{"id":"7c0e...","name":"Northwind Partners"}],...}
curl -s https://atrium.example/core/api/auth/activetenant \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"tenantId":"7c0e..."}'
# {"user":{...},"token":"eyJhbGciOi..."}
TOKEN=eyJhbGciOi...
curl -s 'https://atrium.example/core/api/users?page=1&take=50' -H "Authorization: Bearer $TOKEN"
\`\`\`

## Errors

Every error is \`application/problem+json\` (RFC 9457): \`status\`, \`title\`, \`detail\`, a stable \`code\`
(\`validation\`, \`noActiveTenant\`, \`unauthenticated\`, \`forbidden\`, \`notFound\`, \`conflict\`, ...) and, for
invalid fields, \`errors\`: one \`{ field, message }\` for each. Each operation lists the statuses it can
answer. A method a path does not serve answers 405 with \`Allow\` naming those it does.

## Writes that may be repeated

A signed-in \`POST\`, \`PUT\` or \`PATCH\` may carry \`Idempotency-Key: <1-200 printable characters>\`: a
repeat of the same request within 24 hours answers the first answer again (\`Idempotent-Replayed: true\`)
and changes nothing; the same key with another request answers 422.
`.trim();
