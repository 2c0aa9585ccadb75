// Every area of this locale in one chunk: one request before the first render, not one per area.
import { byArea } from '../merge';

export default byArea(import.meta.glob<Record<string, string>>('./pt/*.json', { eager: true, import: 'default' }));
