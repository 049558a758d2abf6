// Each of Lucide's per-icon modules exports its drawing as `__iconData` beside its component; the type
// declarations they share name only the component. This names the drawing too (for all of them: one file).
import type { LucideIconNode } from 'lucide-react/types';

declare module 'lucide-react/icons/bell' {
  export const __iconData: { name: string; node: LucideIconNode[] };
}
