import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@vetconsult/schema/auth';
import { SPECIALTIES } from '@vetconsult/schema/values';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ClinicFields } from '../../../components/ui/clinic-fields';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorText } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';

// Register tab (SPEC §2): role-dependent fields; the shared registerFormSchema holds every rule.
// A registrant who is signed in is sent on by the /auth route; a specialist pending approval is not
// signed in and sees the completion view (onRegistered).

export function RegisterForm({ onRegistered }: { onRegistered(signedIn: boolean): void }) {
  const { register: registerAccount } = useAuth();
  const {
    register,
    control,
    watch,
    getValues,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      role: 'VETERINARIAN',
      specialty: '',
      clinicName: '',
      clinicAddress: '',
    },
  });
  const role = watch('role');

  const onInvalid = () => {
    // The first issue in the schema's order, as SPEC §5 asks.
    const first = registerFormSchema.safeParse(getValues()).error?.issues[0];
    toast({ title: 'Validation Error', description: first?.message ?? 'Invalid input', variant: 'destructive' });
  };

  const onSubmit = handleSubmit(async (values) => {
    const specialist = values.role === 'SPECIALIST';
    try {
      const outcome = await registerAccount({
        name: values.name,
        email: values.email,
        username: values.username,
        password: values.password,
        role: values.role,
        specialty: specialist ? values.specialty : null,
        clinicName: specialist ? null : values.clinicName,
        clinicAddress: specialist ? null : values.clinicAddress,
      });
      if (!outcome.ok) {
        toast({
          title: 'Registration Failed',
          description:
            'Could not create account. Please check that your username and email are not already in use, or try again in a few moments.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Account Created',
        description:
          outcome.role === 'SPECIALIST'
            ? 'Your specialist account has been created and is pending approval.'
            : 'Your account has been created successfully.',
        variant: 'success',
      });
      onRegistered(outcome.signedIn);
    } catch (error) {
      console.error('Registration error', error);
      toast({ title: 'Registration Error', description: errorText(error), variant: 'destructive' });
    }
  }, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Full Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <SelectField label="Role" error={errors.role?.message} {...register('role')}>
        <option value="VETERINARIAN">Veterinarian</option>
        <option value="SPECIALIST">Specialist</option>
      </SelectField>
      {role === 'SPECIALIST' ? (
        <SelectField label="Specialty" error={errors.specialty?.message} {...register('specialty')}>
          <option value="">Select a specialty</option>
          {SPECIALTIES.map((specialty) => (
            <option key={specialty} value={specialty}>
              {specialty}
            </option>
          ))}
        </SelectField>
      ) : (
        <ClinicFields control={control} />
      )}
      <Button type="submit" fullWidth busy={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
