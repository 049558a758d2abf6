export {
  DEMO,
  type DemoSeedOptions,
  type DemoSeedResult,
  demoPartnerUsernames,
  seedDemo,
  seedDemoIfEmpty,
} from './demo';
export {
  type DemoImageSpec,
  demoImageSpecs,
  demoImageSvg,
  renderDemoImage,
  seedDemoImages,
} from './demo-images';
export { type ScaleOptions, type ScaleProgress, type ScaleResult, seedScale } from './scale';
