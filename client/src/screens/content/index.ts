/**
 * The content area's public face: what other screen areas use (a skill stack's facts, shown
 * in the task detail). Another area imports this file only (npm run lint:boundaries).
 */
export { SkillStackFacts } from './skills/SkillStack.tsx';
