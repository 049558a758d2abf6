import type { RouterOutputs } from '@quire/api';
import { imageUrl } from '@quire/domain';
import { Avatar } from '@quire/ui';
import type { CSSProperties, ReactNode } from 'react';

/** What a publication's header reads: the public header's fields and its design (spec §3 publication design). */
export type HeaderPublication = Pick<
  RouterOutputs['publications']['home'],
  'name' | 'tagline' | 'description' | 'avatar' | 'design'
>;

/** The width a header image is fetched at: the column, at twice the pixels. */
const HEADER_IMAGE_WIDTH = 1360;
/** The height a logo is fetched at: the largest header's logo, at twice the pixels. */
const LOGO_HEIGHT = 224;

/**
 * A publication's pages inside its design: the wrapper carries the design's custom properties (the header's
 * fill and size, the typeface, the accent), which the server built from parsed values only.
 */
export function PublicationDesigned({
  design,
  children,
  testId,
}: {
  design: HeaderPublication['design'];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="q-pub" style={design.style as CSSProperties} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A publication's header as its design draws it: the header image, the logo or the name (with the avatar),
 * the tagline under the name or beside the header, at the design's scale. The publication's pages and the
 * design page's preview both render this, so the preview is the page.
 */
export function PublicationHeader({
  publication,
  actions,
  meta,
  headingLevel = 1,
}: {
  publication: HeaderPublication;
  /** Beside the name: Follow and the publication's menu (inert in the preview). */
  actions?: ReactNode;
  /** Under the name: followers and the feed. */
  meta?: ReactNode;
  /** The name's heading: 2 in the preview, under the design page's own title. */
  headingLevel?: 1 | 2;
}) {
  const { design } = publication;
  const Name = headingLevel === 1 ? 'h1' : 'h2';
  const line = publication.tagline || publication.description;
  const tagline = line ? <p className="q-pub-tagline">{line}</p> : null;
  const logoId = design.nameTreatment === 'LOGO' ? design.logo.id : null;
  return (
    <header className="q-publication-header q-entity-header q-pub-header">
      {design.headerImage.id ? (
        <img
          className="q-pub-header-image"
          src={imageUrl(design.headerImage.id, { width: HEADER_IMAGE_WIDTH })}
          alt=""
          data-testid="publication-header-image"
        />
      ) : null}
      <div className="q-pub-header-body">
        <div className="q-pub-header-main">
          {logoId ? null : (
            <Avatar
              name={publication.name}
              imageId={publication.avatar.id}
              size="XL"
              shape="square"
              className="q-entity-avatar"
            />
          )}
          <div className="q-entity-title">
            <Name className="q-pub-name">
              {logoId ? (
                <img
                  className="q-pub-logo"
                  src={imageUrl(logoId, { height: LOGO_HEIGHT })}
                  alt={publication.name}
                  data-testid="publication-logo"
                />
              ) : (
                publication.name
              )}
            </Name>
            {actions}
          </div>
          {design.taglineTreatment === 'HEADER' ? tagline : null}
          {meta}
        </div>
        {design.taglineTreatment === 'SIDEBAR' && tagline ? (
          <aside className="q-pub-sidebar" data-testid="publication-sidebar">
            {tagline}
          </aside>
        ) : null}
      </div>
    </header>
  );
}
