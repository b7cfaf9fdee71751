/** The package's public names resolved to its source (see source-aliases.mjs). */
export declare const sourceAliases: { find: RegExp; replacement: string }[]
