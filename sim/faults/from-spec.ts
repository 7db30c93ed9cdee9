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
      return loss(spec.probability, spec.applies);
    case 'duplicate':
      return duplication(spec.probability, spec.copyDelayUs, spec.applies);
    case 'delay':
      return extraDelay(spec.extraDelayUs, spec.jitterUs, spec.probability, spec.applies);
    case 'partition':
      return partition(spec, spec.applies);
    case 'hold':
      return hold(spec, spec.applies);
  }
}
