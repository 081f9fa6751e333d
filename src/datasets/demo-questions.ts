import type { Question } from '../spec/question.js';

const choice = (id: string, topic: string, prompt: string, options: [string, string, string, string], gold: 'A' | 'B' | 'C' | 'D'): Question => ({
  id,
  prompt,
  options: { A: options[0], B: options[1], C: options[2], D: options[3] },
  gold: { kind: 'choice', value: gold },
  meta: { topic },
});

/**
 * A small built-in set of multiple-choice questions written for quorum (not
 * taken from any benchmark): general science, medicine and reasoning, four
 * options each, one clearly correct answer. For trying protocols offline.
 */
export const DEMO_QUESTIONS: readonly Question[] = Object.freeze([
  choice('demo-01', 'physiology', 'Which organ secretes insulin into the bloodstream?', ['Liver', 'Pancreas', 'Spleen', 'Kidney'], 'B'),
  choice('demo-02', 'nutrition', 'A deficiency of which vitamin causes scurvy?', ['Vitamin A', 'Vitamin B12', 'Vitamin C', 'Vitamin D'], 'C'),
  choice('demo-03', 'chemistry', 'What is the chemical symbol for sodium?', ['S', 'So', 'Sd', 'Na'], 'D'),
  choice(
    'demo-04',
    'arithmetic',
    'A train covers 120 km in 1.5 hours at a constant speed. What is its speed?',
    ['60 km/h', '80 km/h', '90 km/h', '180 km/h'],
    'B',
  ),
  choice('demo-05', 'physiology', 'Which blood cells carry most of the oxygen in human blood?', ['Red blood cells', 'Neutrophils', 'Platelets', 'Lymphocytes'], 'A'),
  choice('demo-06', 'astronomy', 'Which planet is closest to the Sun?', ['Venus', 'Earth', 'Mercury', 'Mars'], 'C'),
  choice(
    'demo-07',
    'logic',
    'All bloops are razzies, and all razzies are lazzies. Which statement must be true?',
    ['All lazzies are bloops', 'All bloops are lazzies', 'Some razzies are not bloops', 'No lazzies are razzies'],
    'B',
  ),
  choice('demo-08', 'earth science', "Which gas makes up most of Earth's atmosphere by volume?", ['Oxygen', 'Carbon dioxide', 'Argon', 'Nitrogen'], 'D'),
  choice(
    'demo-09',
    'medicine',
    'A young man with type 1 diabetes has stopped taking insulin for three days. He has deep, rapid breathing, a fruity odour on his breath and a blood glucose of 480 mg/dL. Which condition is most likely?',
    ['Diabetic ketoacidosis', 'Hypoglycaemia', 'Hypothyroidism', 'Iron-deficiency anaemia'],
    'A',
  ),
  choice('demo-10', 'anatomy', 'Which chamber of the heart pumps oxygenated blood into the aorta?', ['Right atrium', 'Right ventricle', 'Left atrium', 'Left ventricle'], 'D'),
]);
