// A sign-in card as DESIGN.md §5 builds forms: Mantine inputs, useForm over a zod schema, a mutation.
import { Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';

const body = z.object({
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
const answer = z.object({ data: z.object({ token: z.string() }) });

const SignIn = () => {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(body, { sync: true }),
  });
  const login = useMutation({
    mutationFn: async (values) =>
      answer.parse(await (await fetch('/v1/login', { method: 'POST', body: JSON.stringify(values) })).json()),
  });
  return h(
    Card,
    { maw: 420, shadow: 'md' },
    h(Title, { order: 1 }, 'Sign in'),
    h(
      'form',
      { onSubmit: form.onSubmit((values) => login.mutate(values)) },
      h(
        Stack,
        null,
        h(TextInput, { label: 'Username', ...form.getInputProps('username'), key: form.key('username') }),
        h(PasswordInput, { label: 'Password', ...form.getInputProps('password'), key: form.key('password') }),
        h(Button, { type: 'submit', loading: login.isPending }, 'Sign in'),
        h(Text, { size: 'sm' }, h(Anchor, { component: Link, to: '/signup' }, 'Create an account')),
      ),
    ),
  );
};

export default SignIn;
