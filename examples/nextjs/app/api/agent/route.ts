import { EventEncoder } from '@ag-ui/encoder'
import { runAsSse } from './agent'

// A new run on every request, never prerendered or cached.
export const dynamic = 'force-dynamic'

export function GET(request: Request): Response {
  return new Response(runAsSse(request.signal), {
    headers: { 'content-type': new EventEncoder().getContentType(), 'cache-control': 'no-store' },
  })
}
