import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: '工具调用',
  tool_result: '工具结果',
  analysis: '分析',
  hypothesis: '假设',
  reflection: '反思',
  planning: '规划',
  search: '搜索',
  verification: '验证',
  observation: '观察',
  decision: '决策',
  evaluation: '评估',
}

/** Every label in Simplified Chinese (no plural forms). Durations arrive worded by `Intl` ("12秒钟", narrow "4秒"). */
export const chineseLabels: ReasoningLabels = {
  thinking: '思考中…',
  thinkingFor: (elapsed) => `思考中 · ${elapsed}`,
  thoughtFor: (duration) => `已思考（用时 ${duration}）`,
  thoughtBriefly: '已思考（用时不到 1 秒）',
  thought: '已思考',
  interrupted: '思考已中断',
  interruptedAfter: (duration) => `思考 ${duration}后中断`,
  stopped: '已停止思考',
  stoppedAfter: (duration) => `思考 ${duration}后已停止`,
  cutShort: '思考被截断',
  cutShortAfter: (duration) => `思考 ${duration}后被截断`,
  disconnected: '思考时连接中断',
  disconnectedAfter: (duration) => `思考 ${duration}后连接中断`,
  encrypted: '思考过程已被提供方隐藏',
  noSummary: '暂无摘要',
  summary: '摘要',
  content: '推理过程',
  steps: (_count, formatted) => `${formatted} 个步骤`,
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `已调用 ${name}`,
  toolCallRunning: (name) => `正在调用 ${name}…`,
  toolCallInterrupted: (name) => `${name} 未完成`,
  confidence: (percent) => `置信度 ${percent}`,
  keyFactors: '关键因素',
  conclusion: '结论',
  subagent: (name) => `子智能体 ${name}`,
  reasoningTokens: (_count, formatted) => `推理 token：${formatted}`,
  copyCode: '复制代码',
  copy: '复制',
  copied: '已复制',
  showAll: '显示全部',
  showLess: '收起',
}
