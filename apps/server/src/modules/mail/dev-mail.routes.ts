import { listMail } from '@callwise/db/queries/mail';
import { PRODUCT_NAME } from '@callwise/shared/product';
import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The local mailbox, only when no SMTP server is configured: `/_dev/mail.json` (newest first) and
 * `/_dev/mail`, a page listing every e-mail with its links clickable.
 */
const devMailRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get('/_dev/mail.json', { schema: { hide: true } }, async (request) => {
    const limit = Math.min(Number((request.query as { limit?: string }).limit ?? 50) || 50, 200);
    const rows = await listMail(fastify.database.db, limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      created_at: row.createdAt.toISOString(),
    }));
  });

  fastify.get('/_dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listMail(fastify.database.db, 50);
    const items = rows
      .map(
        (row) => `<article>
  <header><h2>${escapeHtml(row.subject)}</h2><p>To <strong>${escapeHtml(row.to)}</strong> · <time>${row.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p></header>
  <iframe title="${escapeHtml(row.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(row.html)}"></iframe>
</article>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'",
      )
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox · ${PRODUCT_NAME}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 4px}p.lead{color:#475569;margin:0 0 24px}
article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;margin:0 0 20px;overflow:hidden}
article header{padding:14px 18px;border-bottom:1px solid #e2e8f0}article h2{font-size:16px;margin:0 0 4px}
article p{margin:0;color:#475569;font-size:14px}iframe{border:0;width:100%;height:460px;display:block}
.empty{background:#fff;border:1px dashed #cbd5e1;border-radius:12px;padding:32px;text-align:center;color:#475569}
</style></head><body><main>
<h1>Local mailbox</h1>
<p class="lead">No SMTP server is configured, so ${PRODUCT_NAME} keeps every e-mail it sends here (newest first). Set SMTP_URL to send real e-mail.</p>
${items || '<p class="empty">No e-mail yet. Sign up or reset a password and the message appears here.</p>'}
</main></body></html>`);
  });
};

export default devMailRoutes;
