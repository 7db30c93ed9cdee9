import type { FaultSpec } from '../scenario/spec.js';
import { duplication } from './duplication.js';
import { extraDelay } from './extra-delay.js';
import type { FaultRule } from './fault-rule.js';
import { hold } from './hold.js';
import { loss } from './loss.js';
import { partition } from './partition.js';
import { unstableLine } from './unstable-line.js';

export function faultFromSpec(spec: FaultSpec): FaultRule {
  switch (spec.rule) {
    case 'unstable':
      return unstableLine();
    case 'loss':
      return loss(spec);
    case 'duplicate':
      return duplication(spec);
    case 'delay':
      return extraDelay(spec);
    case 'partition':
      return partition(spec);
    case 'hold':
      return hold(spec);
  }
}
