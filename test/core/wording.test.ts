import { describe, expect, it } from 'vitest'
import { defaultWords, humanizeStepType, stepTypeKey, stepTypeWord } from '../../src/core/wording'

describe('step types', () => {
  it.each([
    ['TOOL_CALL', 'tool_call'],
    ['tool_call', 'tool_call'],
    ['toolCall', 'tool_call'],
    ['ToolCall', 'tool_call'],
    ['tool-call', 'tool_call'],
    [' tool call ', 'tool_call'],
    ['HTTPRequest', 'http_request'],
    ['--analysis--', 'analysis'],
  ])('given %j, stepTypeKey should give %j', (type, key) => {
    expect(stepTypeKey(type)).toBe(key)
  })

  it('should word the known types in English (AG-UI and MEUP spellings alike)', () => {
    expect(defaultWords.stepType('TOOL_CALL')).toBe('Tool call')
    expect(defaultWords.stepType('tool_call')).toBe('Tool call')
    expect(defaultWords.stepType('ANALYSIS')).toBe('Analysis')
    expect(defaultWords.stepType('hypothesis')).toBe('Hypothesis')
    expect(defaultWords.stepType('Reflection')).toBe('Reflection')
    expect(defaultWords.stepType('PLANNING')).toBe('Planning')
    expect(defaultWords.stepType('verification')).toBe('Verification')
  })

  it('should humanise an unknown type, whatever its spelling', () => {
    expect(humanizeStepType('SOME_TYPE')).toBe('Some type')
    expect(defaultWords.stepType('SOME_TYPE')).toBe('Some type')
    expect(defaultWords.stepType('someType')).toBe('Some type')
    expect(defaultWords.stepType('some-type')).toBe('Some type')
    expect(defaultWords.stepType('x')).toBe('X')
  })

  it('given a type named like an Object.prototype member, should humanise it, never return the member', () => {
    const words = { tool_call: 'T', tool_result: 'R', analysis: 'A', hypothesis: 'H', reflection: 'Re', planning: 'P', search: 'S', verification: 'V', observation: 'O', decision: 'D', evaluation: 'E' }
    expect(stepTypeWord('constructor', words)).toBe('Constructor')
    expect(stepTypeWord('__proto__', words)).toBe('Proto')
    expect(stepTypeWord('toString', words)).toBe('To string')
  })
})
