import { PRODUCT_NAME } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { escapeHtml } from './html';

/** Spec §2 /osd.xml: where browsers find the site's OpenSearch description (linked from every page's head). */
export const OSD_PATH = '/osd.xml';

/** The OpenSearch 1.1 description: the site's name, favicon and search URL template. */
export function openSearchDescription(publicUrl: string): string {
  const origin = escapeHtml(publicUrl.replace(/\/+$/, ''));
  const name = escapeHtml(PRODUCT_NAME);
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
<ShortName>${name}</ShortName>
<Description>Search ${name}</Description>
<InputEncoding>UTF-8</InputEncoding>
<Image width="16" height="16" type="image/x-icon">${origin}/favicon.ico</Image>
<Url type="text/html" method="get" template="${origin}/search?q={searchTerms}"/>
<Url type="application/opensearchdescription+xml" rel="self" template="${origin}${OSD_PATH}"/>
<moz:SearchForm>${origin}/search</moz:SearchForm>
</OpenSearchDescription>
`;
}

export function registerOpenSearch(app: FastifyInstance, config: ServerConfig) {
  const body = openSearchDescription(config.publicUrl);
  app.get(OSD_PATH, async (_req, reply) =>
    reply
      .type('application/opensearchdescription+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(body),
  );
}
