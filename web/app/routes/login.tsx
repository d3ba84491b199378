import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { LoginPage } from '~/components/LoginForm';
import { loginAction, loginLoaderData } from '~/lib/login.server';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction = () => [{ title: 'Login' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { notice, step, headers } = await loginLoaderData(request, context);
  return data({ notice, step }, { headers });
}

export const action = loginAction;

export default function LoginRoute() {
  const { notice, step } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <LoginPage productName={root?.productName ?? ''} notice={notice} step={step} />;
}
