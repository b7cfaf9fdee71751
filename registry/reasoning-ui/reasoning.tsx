'use client'

import * as React from 'react'
import * as ReasoningPrimitive from 'reasoning-ui'

import { cn } from '@/lib/utils'

// A Tailwind-styled reasoning panel built from reasoning-ui's headless parts. It is yours once
// added: edit the classes, reorder the parts, drop what you do not show. Behaviour (open policy,
// live counter, find-in-page, scroll follow, announcements) stays in the library's parts;
// everything you see is here. Reasoning text is untrusted: it only ever reaches the page through
// the parts' renderers (React elements, never HTML strings). Its data-slot names (reasoning-card…)
// are its own, so reasoning-ui/styles.css (which this does not need) never styles it.

/** The card around one reasoning block. States as data attributes: `data-state`, `data-status`, `data-end-reason`. */
function Reasoning({ className, renderText, ...props }: React.ComponentProps<typeof ReasoningPrimitive.Root>) {
  return (
    <ReasoningPrimitive.Root
      data-slot="reasoning-card"
      // Markdown unless you pass a renderer (the headless parts alone render plain text).
      renderText={renderText ?? ReasoningPrimitive.markdownText}
      className={cn(
        'group/reasoning w-full min-w-0 rounded-lg border border-border bg-card text-sm text-card-foreground shadow-xs',
        className,
      )}
      {...props}
    />
  )
}

/** The status row: icon, "Thinking · 7s" / "Thought for 12 seconds", the block's title, a chevron. */
function ReasoningTrigger({ className, children, ...props }: React.ComponentProps<typeof ReasoningPrimitive.Trigger>) {
  return (
    <ReasoningPrimitive.Trigger
      data-slot="reasoning-card-trigger"
      className={cn(
        'flex w-full min-w-0 items-center gap-2 rounded-lg px-3 py-2.5 text-start text-muted-foreground outline-none',
        'enabled:cursor-pointer enabled:hover:text-foreground motion-safe:transition-colors',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'disabled:cursor-default',
        className,
      )}
      {...props}
    >
      {children ?? (
        <>
          <ReasoningStatusIcon />
          {/* The icon pulses while streaming, never the words: pulsing text dips below readable contrast. */}
          <ReasoningPrimitive.Status className="shrink-0 font-medium text-foreground" />
          {/* The ellipsis goes on the title's <bdi>, in the title's own direction: an English title in a right-to-left row is cut at its end. */}
          <ReasoningPrimitive.Title className="flex min-w-0 items-center before:me-2 before:text-muted-foreground/60 before:content-['·'] [&>bdi]:min-w-0 [&>bdi]:truncate" />
          <ChevronIcon className="ms-auto size-4 shrink-0 group-data-[state=open]/reasoning:rotate-180 group-data-[expandable]/reasoning:opacity-100 opacity-0 motion-safe:transition-transform" />
        </>
      )}
    </ReasoningPrimitive.Trigger>
  )
}

/** What opens: the reasoning text in a scroll box that follows it while it streams. */
function ReasoningContent({ className, children, ...props }: React.ComponentProps<typeof ReasoningPrimitive.Content>) {
  return (
    <ReasoningPrimitive.Content
      data-slot="reasoning-card-content"
      // A border only while open: closed at `full`, this element stays in the page as hidden="until-found"
      // (for find-in-page) and must draw nothing. Here, not on the scroll area, whose fade masks would fade it.
      className={cn('data-[state=open]:border-t data-[state=open]:border-border data-[state=open]:motion-safe:animate-reasoning-in', className)}
      {...props}
    >
      {children ?? (
        <ReasoningPrimitive.ReasoningScrollArea
          className={cn(
            'max-h-80 overflow-y-auto overscroll-contain rounded-b-lg px-4 py-3 outline-none',
            'focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/50',
            // Fades where more text is hidden above or below (the scroll area marks its overflow).
            'data-[overflow-end]:mask-b-from-[calc(100%-2.5rem)] data-[overflow-start]:mask-t-from-[calc(100%-2.5rem)]',
          )}
        >
          <ReasoningPrimitive.ReasoningSummary
            providerOnly
            className="mb-3 border-s-2 border-border ps-3 text-muted-foreground [&_p]:my-1"
          />
          <ReasoningPrimitive.Text className={proseClasses} />
        </ReasoningPrimitive.ReasoningScrollArea>
      )}
    </ReasoningPrimitive.Content>
  )
}

/** Typography for the parts' markdown elements (paragraphs, headings, lists, code, tables, quotes). */
const proseClasses = cn(
  'space-y-3 leading-relaxed text-muted-foreground break-words',
  '[&_[data-slot=reasoning-heading]]:font-semibold [&_[data-slot=reasoning-heading]]:text-foreground',
  '[&_strong]:font-semibold [&_strong]:text-foreground [&_em]:italic',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:space-y-1 [&_ul,&_ol]:ps-5',
  '[&_a]:font-medium [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-4',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em] [&_:not(pre)>code]:text-foreground',
  // Code blocks: a header (language, copy button) over the code, in one muted box.
  '[&_[data-slot=reasoning-code]]:overflow-hidden [&_[data-slot=reasoning-code]]:rounded-md [&_[data-slot=reasoning-code]]:bg-muted',
  '[&_[data-slot=reasoning-code-header]]:flex [&_[data-slot=reasoning-code-header]]:items-center [&_[data-slot=reasoning-code-header]]:gap-2 [&_[data-slot=reasoning-code-header]]:px-3 [&_[data-slot=reasoning-code-header]]:pt-2 [&_[data-slot=reasoning-code-header]]:text-xs [&_[data-slot=reasoning-code-header]]:text-foreground/70',
  '[&_[data-slot=reasoning-code-copy]]:ms-auto [&_[data-slot=reasoning-code-copy]]:cursor-pointer [&_[data-slot=reasoning-code-copy]]:rounded [&_[data-slot=reasoning-code-copy]]:px-1.5 [&_[data-slot=reasoning-code-copy]]:py-0.5 [&_[data-slot=reasoning-code-copy]:hover]:text-foreground [&_[data-slot=reasoning-code-copy]]:outline-none [&_[data-slot=reasoning-code-copy]:focus-visible]:ring-[3px] [&_[data-slot=reasoning-code-copy]:focus-visible]:ring-ring/50',
  '[&_pre]:overflow-x-auto [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-xs [&_pre]:text-foreground',
  '[&_blockquote]:border-s-2 [&_blockquote]:border-border [&_blockquote]:ps-3',
  '[&_table]:w-full [&_table]:text-xs [&_th]:border-b [&_th]:border-border [&_th]:pe-3 [&_th]:text-start [&_td]:pe-3',
  '[&_[data-slot=reasoning-step-type]]:me-2 [&_[data-slot=reasoning-step-type]]:text-xs [&_[data-slot=reasoning-step-type]]:uppercase [&_[data-slot=reasoning-step-type]]:tracking-wide',
  '[&_[data-slot=reasoning-step-title]]:text-foreground',
  '[&_dt]:text-xs [&_dt]:font-medium [&_dt]:text-foreground [&_dd]:ms-0',
)

/**
 * One block, ready to use: the card, its status row, its text, and the polite live region that
 * says "Thinking…" and "Thought for 12 seconds" to screen readers. Props are `Reasoning`'s
 * (`block`, `open` / `defaultOpen` / `onOpenChange`, `openPolicy`, `answerStarted`, `visibility`, `labels`, …).
 */
function ReasoningPanel(props: Omit<React.ComponentProps<typeof Reasoning>, 'children'>) {
  return (
    <Reasoning {...props}>
      <ReasoningPrimitive.ReasoningAnnouncer />
      <ReasoningTrigger />
      <ReasoningContent />
    </Reasoning>
  )
}

/** Spark while streaming, bulb once done, alert when interrupted, lock when the provider hid it. */
function ReasoningStatusIcon({ className, ...props }: React.ComponentProps<'svg'>) {
  const { block } = ReasoningPrimitive.useReasoningContext('ReasoningStatusIcon')
  const classes = cn('size-4 shrink-0', className)
  if (block.encryptedOnly) {
    return (
      <Icon className={classes} {...props}>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </Icon>
    )
  }
  if (block.status === 'streaming') {
    return (
      <Icon className={cn(classes, 'text-foreground motion-safe:animate-pulse')} {...props}>
        <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
      </Icon>
    )
  }
  if (block.status === 'interrupted' && block.endReason !== 'stopped') {
    return (
      <Icon className={cn(classes, 'text-destructive')} {...props}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5M12 16.5h.01" />
      </Icon>
    )
  }
  return (
    <Icon className={classes} {...props}>
      <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.6.5 1.1 1.3 1.1 2.2h5c0-.9.5-1.7 1.1-2.2A6 6 0 0 0 12 3Z" />
    </Icon>
  )
}

function ChevronIcon(props: React.ComponentProps<'svg'>) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  )
}

function Icon({ children, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export { Reasoning, ReasoningTrigger, ReasoningContent, ReasoningPanel, ReasoningStatusIcon }
