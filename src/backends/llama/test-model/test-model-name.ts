// A file of its own: `quorum show` and `quorum run` recognise a run on the test model by this name, and importing it
// from the generator loaded the GGUF writer and the test vocabulary with it.
/** `general.name` of the generated model; the llama backend recognises it by this. */
export const TEST_MODEL_NAME = 'quorum-test-model';
