export { DEMO, type DemoSeedResult, demoPartnerUsernames, seedDemo, seedDemoIfEmpty } from './demo';
export { type ScaleOptions, type ScaleProgress, type ScaleResult, seedScale } from './scale';
