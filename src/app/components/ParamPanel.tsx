import { useStore } from 'zustand';
import { getScenario } from '../../scenario/registry';
import { formatNumber } from '../../scenario/validate';
import { appStore, valueText } from '../store';
import { Field } from './Field';

/** One field per parameter of the scenario, generated from its ParamDefs. */
export function ParamPanel() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const def = getScenario(scenario);
  return (
    <fieldset className="panel" data-testid="param-panel">
      <legend>Parameters</legend>
      {def.params.map((p) => (
        <Field
          key={`${scenario}-${p.name}`}
          fieldKey={p.name}
          label={p.label}
          unit={p.unit}
          defaultText={valueText(p.default)}
          bounds={`[${formatNumber(p.min)}, ${formatNumber(p.max)}]${p.length > 1 ? ' each' : ''}`}
          description={p.description}
        />
      ))}
    </fieldset>
  );
}
