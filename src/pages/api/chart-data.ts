import type { APIRoute } from 'astro';
import { handle } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { listChartData } from '@/lib/server/analytics';

export const prerender = false;

export const GET: APIRoute = handle(async () => publicJson(await listChartData()));
