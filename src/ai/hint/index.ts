export * from './types';
export { hintFor, isViewOf } from './search';
export { explainChoices, shifts, targetOf } from './explain';
