import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'ツール呼び出し',
  tool_result: 'ツールの結果',
  analysis: '分析',
  hypothesis: '仮説',
  reflection: '振り返り',
  planning: '計画',
  search: '検索',
  verification: '検証',
  observation: '観察',
  decision: '判断',
  evaluation: '評価',
}

/** Every label in Japanese (no plural forms). Durations arrive worded by `Intl` ("12 秒", "1 分 5 秒", narrow "4秒"). */
export const japaneseLabels: ReasoningLabels = {
  thinking: '思考中…',
  thinkingFor: (elapsed) => `思考中 · ${elapsed}`,
  thoughtFor: (duration) => `思考時間: ${duration}`,
  thoughtBriefly: '思考時間: 1 秒未満',
  thought: '思考完了',
  interrupted: '思考が中断されました',
  interruptedAfter: (duration) => `${duration}後に思考が中断されました`,
  stopped: '思考を停止しました',
  stoppedAfter: (duration) => `${duration}後に思考を停止しました`,
  cutShort: '思考が途中で打ち切られました',
  cutShortAfter: (duration) => `${duration}後に思考が打ち切られました`,
  disconnected: '思考中に接続が切れました',
  disconnectedAfter: (duration) => `${duration}の思考後に接続が切れました`,
  encrypted: '思考内容はプロバイダーにより非表示です',
  noSummary: '要約はありません',
  summary: '要約',
  content: '推論',
  steps: (_count, formatted) => `${formatted} ステップ`,
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `${name} を呼び出しました`,
  toolCallRunning: (name) => `${name} を呼び出し中…`,
  toolCallInterrupted: (name) => `${name} は完了しませんでした`,
  confidence: (percent) => `確信度 ${percent}`,
  keyFactors: '主な要因',
  conclusion: '結論',
  subagent: (name) => `サブエージェント ${name}`,
  reasoningTokens: (_count, formatted) => `推論トークン: ${formatted}`,
  copyCode: 'コードをコピー',
  copy: 'コピー',
  copied: 'コピーしました',
  showAll: 'すべて表示',
  showLess: '折りたたむ',
}
