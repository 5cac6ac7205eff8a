import { PAGE_TEMPLATES } from '@linkhub/shared/themes/page-templates';

/** "Start from": a blank page or one of the templates (a look and a block layout with placeholder text). */
export function TemplateChoice({ value, onPick }: { value: string; onPick: (key: string) => void }) {
  const options = [
    { key: '', name: 'Blank', summary: 'No blocks; the default look.' },
    ...PAGE_TEMPLATES.map((t) => ({ key: t.key, name: t.name, summary: t.summary })),
  ];
  return (
    <fieldset className="choice template-choice">
      <legend>Start from</legend>
      {options.map((option) => (
        <label key={option.key === '' ? 'blank' : option.key}>
          <input
            type="radio"
            name="template"
            value={option.key}
            checked={value === option.key}
            onChange={() => onPick(option.key)}
          />
          <span>
            <strong>{option.name}</strong> <span className="muted">{option.summary}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
