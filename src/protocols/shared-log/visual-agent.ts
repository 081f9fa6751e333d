import { describeError } from '../../spec/errors.js';
import type { ImageRef } from '../../spec/question.js';
import { searchTokens } from '../../tools/bm25/tokenize.js';
import { ocrText } from '../../tools/ocr/ocr-line.js';
import { type ImageChatMessage, imageDataUrl, imageSource, supportsImages } from '../../tools/ocr/vision.js';
import type { VisualClaim } from '../../tools/provenance/check-visual.js';
import { callAgent, noAnswerTurn } from './agent-call.js';
import { focusBlock, sharedBlock, systemPrompt } from './role-prompts.js';
import { renderImageCaption } from '../render-question.js';
import { Specialist, type TurnState } from './specialist.js';

const VISUAL_WORDS = /\b(?:image|picture|photo|poster|chart|graph|figure|logo|diagram|map|shown|visual|screenshot)s?\b/i;

/**
 * The VisualAgent: posts VISUAL entries. Its tools read each image once:
 * OCR (PaddleOCR in a worker thread; lines under the confidence threshold
 * dropped) and, when its backend declares image support, a description from
 * the model. Its model then copies the OCR lines the question needs; the
 * log checks them against what OCR read. An OCR failure is logged as a
 * rejected VISUAL entry. A missing item relates to the images when it
 * mentions a picture, chart, poster… or shares a word with their OCR text.
 */
export class VisualAgent extends Specialist {
  readonly role = 'VisualAgent' as const;
  readonly modality = 'image' as const;
  readonly #attempted = new Set<string>();
  readonly #described = new Set<string>();

  protected hasSource(): boolean {
    return this.env.sources.images.length > 0 && (this.env.params.ocr || this.visionAvailable());
  }

  protected relates(missing: string): boolean {
    if (VISUAL_WORDS.test(missing)) return true;
    const read = new Set(searchTokens([...this.env.sources.readings.values()].map((reading) => ocrText(reading.lines)).join(' ')));
    return searchTokens(missing).some((token) => read.has(token));
  }

  protected async contribute(turn: TurnState, focus: string | undefined): Promise<void> {
    const { sources, params } = this.env;
    if (params.ocr) for (const image of sources.images) await this.readImage(image, turn.round);
    if (this.visionAvailable()) for (const image of sources.images) await this.describeImage(image, turn, focus);
    const readable = sources.images.filter((image) => (sources.readings.get(image.id)?.lines.length ?? 0) > 0);
    if (readable.length > 0) await this.copyReadings(readable, turn, focus);
  }

  private visionAvailable(): boolean {
    return this.env.params.vision === 'auto' && supportsImages(this.env.agent(this.role).backend);
  }

  private async readImage(image: ImageRef, round: number): Promise<void> {
    if (this.#attempted.has(image.id)) return;
    this.#attempted.add(image.id);
    try {
      this.env.sources.readings.set(image.id, await this.env.ocr.read(imageSource(image.path)));
    } catch (error) {
      this.env.log.reject({ round, agent: this.role }, 'VISUAL', '', { source: 'image', image: image.id, tool: 'ocr' }, `OCR failed: ${describeError(error).message}`);
    }
  }

  private async describeImage(image: ImageRef, turn: TurnState, focus: string | undefined): Promise<void> {
    if (this.#described.has(image.id)) return;
    this.#described.add(image.id);
    const { context, log } = this.env;
    const shown = this.visibleEntries();
    const user: ImageChatMessage = {
      role: 'user',
      content: `${sharedBlock(context.question, shown)}${focusBlock(focus)}\n\nThe attached image: ${renderImageCaption(image)}. Describe what it shows that helps answer the question. Reply with JSON {"description"}.`,
      images: [await imageDataUrl(image.path)],
    };
    const { result, turn: ref } = await callAgent(this.env, {
      role: this.role,
      round: turn.round,
      shown,
      purpose: `vision:${image.id}`,
      messages: [{ role: 'system', content: systemPrompt(this.role) }, user],
      schema: { name: 'dealog_vision', schema: { type: 'object', additionalProperties: false, required: ['description'], properties: { description: { type: 'string', maxLength: 500 } } } },
      interpret: ({ json }) => {
        const description = typeof json?.['description'] === 'string' ? json['description'] : '';
        return { result: description, parsed: noAnswerTurn(description, json === undefined ? 'failed' : 'json') };
      },
    });
    if (result.trim() !== '') log.propose({ round: turn.round, agent: this.role, turn: ref }, { type: 'VISUAL', claim: { image: image.id, text: result, tool: 'vision' } });
  }

  private async copyReadings(images: readonly ImageRef[], turn: TurnState, focus: string | undefined): Promise<void> {
    const { context, params, sources, log } = this.env;
    const rendered = images
      .map((image) => {
        const lines = sources.readings.get(image.id)!.lines.map((line, index) => `  ${index}: ${line.text} [${line.confidence.toFixed(2)}]`);
        return `[image ${image.id}]${image.caption === undefined ? '' : ` (${image.caption})`}\n${lines.join('\n')}`;
      })
      .join('\n\n');
    const shown = this.visibleEntries();
    const { result, turn: ref } = await callAgent(this.env, {
      role: this.role,
      round: turn.round,
      shown,
      messages: [
        { role: 'system', content: systemPrompt(this.role) },
        { role: 'user', content: `${sharedBlock(context.question, shown)}${focusBlock(focus)}\n\nImages and the lines OCR read from them (confidence in brackets):\n${rendered}\n\nReply with JSON {"readings": [{"image", "text"}]}.` },
      ],
      schema: {
        name: 'dealog_visual',
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['readings'],
          properties: {
            readings: {
              type: 'array',
              maxItems: Math.min(4, params.entriesPerTurn),
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['image', 'text'],
                properties: { image: { type: 'string', enum: images.map((image) => image.id) }, text: { type: 'string', minLength: 1, maxLength: 200 } },
              },
            },
          },
        },
      },
      interpret: ({ json }) => {
        const readings = readReadings(json?.['readings']).slice(0, params.entriesPerTurn);
        return { result: readings, parsed: noAnswerTurn(readings.map((reading) => `[${reading.image}] ${reading.text}`).join('\n'), json === undefined ? 'failed' : 'json', json === undefined ? ['the reply is not a JSON object'] : []) };
      },
    });
    const known = new Set(log.accepted().filter((entry) => entry.type === 'VISUAL').map((entry) => `${String(entry.meta['image'])}\u001f${entry.content}`));
    for (const reading of result) {
      if (known.has(`${reading.image}\u001f${reading.text.trim()}`)) continue;
      const entry = log.propose({ round: turn.round, agent: this.role, turn: ref }, { type: 'VISUAL', claim: { ...reading, tool: 'ocr' } });
      if (entry.accepted) known.add(`${reading.image}\u001f${entry.content}`);
    }
  }
}

function readReadings(value: unknown): VisualClaim[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): VisualClaim[] => {
    if (item === null || typeof item !== 'object') return [];
    const { image, text } = item as Record<string, unknown>;
    return typeof image === 'string' && typeof text === 'string' ? [{ image, text }] : [];
  });
}
