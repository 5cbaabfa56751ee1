import { controlCharacterPattern, labelOf, maxJsonDepth, maxRequestBodyBytes } from '@fund/contracts';
import fp from 'fastify-plugin';
import { BadRequestError, ValidationError, type FieldIssue } from '../errors/app-error.ts';

/**
 * The checks every request passes before any route sees it (issue 13 point 9), so a route that forgets a
 * limit in its schema, or has no schema at all, is still safe:
 * - JSON bodies nest at most `maxJsonDepth` levels (counted on the text, before parsing: a 5,000-level
 *   body overflowed the stack of code that walks bodies recursively) and weigh at most
 *   `maxRequestBodyBytes` (Fastify's bodyLimit, set in app.ts, covers the other content types);
 * - no string of the body, query or path parameters, nor any key, carries a control character (NUL
 *   reached PostgreSQL and failed there with a 500).
 */

/** Nesting depth of a JSON text, counted outside strings; stops counting past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

function controlCharacterIssue(location: string, path: readonly string[]): FieldIssue {
  return {
    location,
    field: path.join('.'),
    message: `${labelOf(path)}に使用できない文字（改行や制御文字）が含まれています。`,
  };
}

/** Where control characters are, as field issues (`lastName` of the body); iterative, depth-bound. */
export function controlCharacterIssues(location: string, value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pending: { path: string[]; value: unknown; depth: number }[] = [{ path: [], value, depth: 0 }];
  while (pending.length > 0 && issues.length < 20) {
    const { path, value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (controlCharacterPattern.test(current)) issues.push(controlCharacterIssue(location, path));
    } else if (current !== null && typeof current === 'object' && depth <= maxJsonDepth) {
      for (const [key, inner] of Object.entries(current)) {
        if (controlCharacterPattern.test(key)) issues.push(controlCharacterIssue(location, path));
        else pending.push({ path: [...path, key], value: inner, depth: depth + 1 });
      }
    }
  }
  return issues.reverse();
}

const tooDeepMessage = '送信されたデータの形式が正しくありません（入れ子が深すぎます）。';

export const inputGuardPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: maxRequestBodyBytes },
      (request, body, done) => {
        if (jsonDepthExceeds(body as string, maxJsonDepth)) {
          done(new BadRequestError(tooDeepMessage), undefined);
          return;
        }
        parseJson(request, body as string, done);
      },
    );

    app.addHook('preValidation', async (request) => {
      const issues = [
        ...controlCharacterIssues('params', request.params),
        ...controlCharacterIssues('querystring', request.query),
        ...controlCharacterIssues('body', request.body),
      ];
      if (issues.length > 0) throw new ValidationError(issues);
    });
  },
  { name: 'input-guard', fastify: '5.x' },
);
