export { EventWriter } from './writer'
export { connectProviderStream, feedTranslator, translateAll } from './connect'

export type { AdapterDiagnostic, AgUiEvent, Translator, TranslatorOptions } from './types'
export type { ProviderStreamOptions } from './connect'
