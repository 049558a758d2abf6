import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, type User } from '@quire/db';
import {
  DEFAULT_PUBLICATION_DESIGN,
  type PublicationDesignFields,
  type PublicationDesignInput,
  publicationHeaderDesign,
  publicationDesignTexts as texts,
} from '@quire/domain';
import { managedPublication, publicationChanged } from './people';
import { imageFor } from './settings';

/*
 * A publication's design (spec §2 /{collectionSlug}/design, /styles, /edit; §3 publication design), for its
 * owner and editors. Every page of the publication draws its header from it (publicationHome's `design`).
 */

/** The columns a design is read from. */
const DESIGN_COLUMNS = [
  'headerScale',
  'nameTreatment',
  'taglineTreatment',
  'colorDisplay',
  'fontSet',
  'backgroundColor',
  'tintColor',
  'headerImageId',
  'homeLayout',
] as const;

/** The design fields of a publication row. */
export function designFieldsOf(
  c: Pick<Collection, (typeof DESIGN_COLUMNS)[number]>,
): PublicationDesignFields {
  return {
    headerScale: c.headerScale,
    nameTreatment: c.nameTreatment,
    taglineTreatment: c.taglineTreatment,
    colorDisplay: c.colorDisplay,
    fontSet: c.fontSet,
    backgroundColor: c.backgroundColor ?? null,
    tintColor: c.tintColor ?? null,
    headerImageId: c.headerImageId ?? null,
    homeLayout: c.homeLayout,
  };
}

const readColumns = [
  'name',
  'slug',
  'tagline',
  'description',
  'avatarId',
  'logoId',
  ...DESIGN_COLUMNS,
] as const;

/** What the design form shows: the stored fields, and what its preview draws the header with. */
function designOf(c: Pick<Collection, 'id' | (typeof readColumns)[number]>) {
  const fields = designFieldsOf(c);
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    tagline: c.tagline,
    description: c.description,
    avatar: { id: c.avatarId ?? null },
    logo: { id: c.logoId ?? null },
    fields,
    design: publicationHeaderDesign(fields, c.logoId ?? null),
  };
}

/** /{collectionSlug}/design: the publication's design, for its owner and editors. */
export async function publicationDesign(em: EntityManager, viewer: User, slug: string) {
  const found = await managedPublication(em, viewer, { slug });
  return designOf(await em.findOneOrFail(Collection, found.id, { fields: [...readColumns] }));
}

/** Writes a whole design; its pages show it at once (their cache tag is purged). */
async function writeDesign(
  em: EntityManager,
  viewer: User,
  collectionId: string,
  design: PublicationDesignFields,
) {
  const found = await managedPublication(em, viewer, { id: collectionId });
  const c = await em.findOneOrFail(Collection, found.id);
  c.headerImageId = await imageFor(em, viewer, design.headerImageId, c.headerImageId, 'headerImageId');
  c.headerScale = design.headerScale;
  c.nameTreatment = design.nameTreatment;
  c.taglineTreatment = design.taglineTreatment;
  c.colorDisplay = design.colorDisplay;
  c.fontSet = design.fontSet;
  c.backgroundColor = design.backgroundColor;
  c.tintColor = design.tintColor;
  c.homeLayout = design.homeLayout;
  await publicationChanged(em, c.id);
  return designOf(c);
}

/** Saves the design form (colours already in their stored form, the header image checked as the viewer's). */
export async function savePublicationDesign(em: EntityManager, viewer: User, input: PublicationDesignInput) {
  const { collectionId, ...design } = input;
  return { message: texts.saved, ...(await writeDesign(em, viewer, collectionId, design)) };
}

/** Puts the default design back (a new publication's). */
export async function resetPublicationDesign(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string },
) {
  return {
    message: texts.resetDone,
    ...(await writeDesign(em, viewer, input.collectionId, DEFAULT_PUBLICATION_DESIGN)),
  };
}
