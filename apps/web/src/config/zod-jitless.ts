// The Trusted Types policy (security.md) refuses `new Function`. zod probes for it once, when a schema is
// built, to compile a faster parser, and the refused probe lands in the console as an error. This runs
// first in the entry bundle, before any page chunk builds a contracts schema, so zod never probes and
// parses as it would after a refused probe. No zod import: the first bundle stays without it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
