import { Field } from '../../../components/ui/field.tsx';

type Props = {
  firstName: string;
  lastName: string;
  onChange: (patch: { firstName?: string; lastName?: string }) => void;
};

// Step 1 of both wizards.
export function NameFields({ firstName, lastName, onChange }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => onChange({ firstName: e.target.value })}
      />
      <Field
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => onChange({ lastName: e.target.value })}
      />
    </div>
  );
}
