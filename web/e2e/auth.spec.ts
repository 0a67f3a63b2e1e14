import { expect, test } from '@playwright/test';
import { createVet, latestResetLink, SPECIALIST, signIn, unique, VET } from './support';

test.describe('registration', () => {
  test('a veterinarian registers and lands on the dashboard', async ({ page }) => {
    const username = unique('newvet');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full Name').fill('Dr. Nora Quinn');
    await page.getByLabel('Email', { exact: true }).fill(`${username}@e2e.example`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm Password').fill('secret-pass');
    await expect(page.getByLabel('Role')).toHaveValue('VETERINARIAN');
    await page.getByLabel('Clinic Name').fill('Quinn Veterinary Clinic');
    await page.getByLabel('Street Address').fill('55 Queen St E');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province').selectOption('ON');
    await page.getByLabel('Postal Code').fill('m5c1r6');
    await expect(page.getByLabel('Postal Code')).toHaveValue('M5C 1R6');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = page.getByRole('status').filter({ hasText: 'Account Created' });
    await expect(toast).toContainText('Your account has been created successfully.');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, Dr. Nora Quinn.')).toBeVisible();
  });

  test('a specialist registers, is pending approval and is not signed in', async ({ page }) => {
    const username = unique('newspec');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Role').selectOption('SPECIALIST');
    await expect(page.getByLabel('Clinic Name')).toHaveCount(0);
    await page.getByLabel('Full Name').fill('Dr. Ivo Brandt');
    await page.getByLabel('Email', { exact: true }).fill(`${username}@e2e.example`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm Password').fill('secret-pass');
    await page.getByLabel('Specialty').selectOption('Cardiology');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = page.getByRole('status').filter({ hasText: 'Account Created' });
    await expect(toast).toContainText('Your specialist account has been created and is pending approval.');
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('submitting an empty form shows the first issue as a validation error', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Validation Error' });
    await expect(toast).toContainText('Username must be at least 3 characters');
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Clinic address is required for veterinarian accounts')).toBeVisible();
  });
});

test.describe('login', () => {
  test('by username', async ({ page }) => {
    await signIn(page, VET.username);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back, ${VET.name}.`)).toBeVisible();
  });

  test('by e-mail', async ({ page }) => {
    await signIn(page, VET.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a specialist lands on the specialist dashboard', async ({ page }) => {
    await signIn(page, SPECIALIST.username);
    await expect(page).toHaveURL(/\/specialist-dashboard$/);
    // SPEC §2 'Older specialist dashboard view': a welcome header.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dr. Priya Patel' })).toBeVisible();
  });

  test('a wrong password shows the failure toast and a field error', async ({ page }) => {
    await signIn(page, VET.username, 'not-the-password');
    const toast = page.getByRole('alert').filter({ hasText: 'Login Failed' });
    await expect(toast).toContainText('Your username or password is incorrect. Please try again.');
    await expect(page.getByText('Incorrect password')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('empty fields show the login rules', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('request, follow the e-mailed link, set a new password and sign in with it', async ({ page, request }) => {
    const account = await createVet(request, 'first-pass-2026');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('tab', { name: 'Reset Password' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Email Sent' })).toBeVisible();
    await expect(page.getByText('The link expires in 1 hour.')).toBeVisible();

    const link = await latestResetLink(account.email);
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('second-pass-2026');
    await page.getByLabel('Confirm New Password').fill('second-pass-2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm New Password').fill('second-pass-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 });

    await signIn(page, account.username, 'second-pass-2026');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Reset Link' })).toBeVisible();
  });

  test('an invalid link shows a toast and returns to /auth', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    const toast = page.getByRole('alert').filter({ hasText: 'Invalid Reset Link' });
    await expect(toast).toContainText('This password reset link is invalid or has expired.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the reset page links back to login', async ({ page, request }) => {
    const account = await createVet(request, 'first-pass-2026');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Reset Password' }).click();
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    await page.goto(await latestResetLink(account.email));
    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
