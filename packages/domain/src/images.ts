// Image URLs live apart from the zod schemas, so client bundles that build image URLs load no zod.

/** Spec §5 image resize strategies. */
export const IMAGE_STRATEGIES = ['resample', 'crop', 'letterbox', 'fit'] as const;
export type ImageStrategy = (typeof IMAGE_STRATEGIES)[number];

/** Spec §5: the largest pixel ratio an image URL requests. */
export const MAX_IMAGE_PIXEL_RATIO = 2;

export interface ImageUrlOptions {
  width?: number;
  height?: number;
  strategy?: ImageStrategy;
  pixelRatio?: number;
}

const positive = (name: string, n: number): number => {
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Expected a positive ${name} param, got ${n}.`);
  return n;
};

/**
 * Spec §5 image URL: '/media/{id}?w=&h=&s=&dpr=' with only the given params, in that order. crop and letterbox
 * require a height (throws 'A height param was expected for the {strategy} strategy.'); the pixel ratio is capped
 * at 2; width and height are rounded to whole pixels.
 */
export function imageUrl(id: string, options: ImageUrlOptions = {}): string {
  const { width, height, strategy, pixelRatio } = options;
  if ((strategy === 'crop' || strategy === 'letterbox') && height === undefined) {
    throw new Error(`A height param was expected for the ${strategy} strategy.`);
  }
  const params: string[] = [];
  if (width !== undefined) params.push(`w=${Math.round(positive('width', width))}`);
  if (height !== undefined) params.push(`h=${Math.round(positive('height', height))}`);
  if (strategy !== undefined) params.push(`s=${strategy}`);
  if (pixelRatio !== undefined) {
    params.push(`dpr=${Math.min(positive('pixelRatio', pixelRatio), MAX_IMAGE_PIXEL_RATIO)}`);
  }
  const path = `/media/${encodeURIComponent(id)}`;
  return params.length ? `${path}?${params.join('&')}` : path;
}
