import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error.ts';
import { uuidPattern } from '../../../shared/uuid.ts';
import { errorPage } from '../interaction-pages.ts';

/**
 * What the sign-up and password-reset pages share: the answers (HTML, refusal, the confirmation page
 * and the redirect to it), the way back to the interrupted sign-in, and service calls as form errors.
 */

type PagesInstance = Parameters<FastifyPluginAsyncZod>[0];

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const uidPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** Back to the interrupted sign-in (the provider's interaction) when known, else to the web app. */
export function backHref(interaction: string | undefined): string {
  return interaction !== undefined && uidPattern.test(interaction)
    ? `/auth/v1/interaction/${interaction}`
    : '/';
}

export const pageQuery = z.object({
  interaction: z.string().max(64).optional(),
  registration: z.string().max(64).optional(),
  request: z.string().max(64).optional(),
});
export const pageForm = z.record(z.string(), z.string().max(4096));

/** A form posted from another origin is refused. */
export function forbiddenOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== publicOrigin;
}

export function refuse(reply: FastifyReply): FastifyReply {
  return sendHtml(
    reply,
    403,
    errorPage('続けられません', '認証エラーが発生しました。はじめからやり直してください。'),
  );
}

/** Runs a service call for a page: its 4xx message becomes the form's error (429 keeps Retry-After). */
export async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return { ok: false, status: error.statusCode, message: error.message };
    }
    throw error;
  }
}

/** The id of a flow (sign-up, reset) is not one: the code cannot be checked, the flow starts again. */
export function invalidCode(reply: FastifyReply): FastifyReply {
  return sendHtml(
    reply,
    400,
    errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
  );
}

/** Which query parameter carries a flow's id to its confirmation page. */
type FlowIdName = 'registration' | 'request';

/** After the code is mailed: on to the confirmation page, with the flow's id and the interrupted sign-in. */
export function seeConfirmation(
  reply: FastifyReply,
  path: string,
  idName: FlowIdName,
  id: string,
  interaction: string | undefined,
): FastifyReply {
  const query = new URLSearchParams({
    [idName]: id,
    ...(interaction === undefined ? {} : { interaction }),
  });
  return reply.code(303).header('cache-control', 'no-store').redirect(`${path}?${query}`);
}

/** The confirmation page of a flow (the code, and for a reset the new password), shown for a valid id. */
export function confirmationPage(
  pages: PagesInstance,
  path: string,
  idName: FlowIdName,
  form: (id: string, interaction: string | undefined) => string,
): void {
  pages.get(path, { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const id = request.query[idName] ?? '';
    if (!uuidPattern.test(id)) return invalidCode(reply);
    return sendHtml(reply, 200, form(id, request.query.interaction));
  });
}
