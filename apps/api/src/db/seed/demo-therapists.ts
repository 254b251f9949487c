/**
 * The demo directory's thirty therapists (issue 48: "demo data that looks real"), written out rather than drawn at
 * random, so each one is consistent: the gender matches the name, the bio says what the headline says, and the
 * therapies and specialities are the ones the bio names (the approaches it names are in its words). Each works in their own state's time zone, at
 * hours a practice keeps. Pure data and a pure function: the seed writes it, the seed test reads it.
 */

export type DemoState = 'NY' | 'CA' | 'TX' | 'FL' | 'IL';

/** The zone each home state's therapists work in. */
export const STATE_ZONES: Record<DemoState, string> = {
  NY: 'America/New_York',
  CA: 'America/Los_Angeles',
  TX: 'America/Chicago',
  FL: 'America/New_York',
  IL: 'America/Chicago',
};

interface Focus {
  headline: string;
  bio: string;
  therapies: string[];
  specialities: string[];
  modalities: string[];
  /** Discipline codes that fit the work; the therapist's own is picked from these. */
  disciplines: string[];
  /** The session fee in US cents before the therapist's own step. */
  fee: number;
}

/** What a practice is about: the headline and the bio say it, the lists hold it. */
const FOCUSES: Focus[] = [
  {
    headline: 'Anxiety and panic (CBT)',
    bio: 'I help adults with anxiety, panic attacks and constant worry. Using cognitive behavioural therapy and gradual exposure, we work on the thoughts and habits that keep fear going, so everyday life feels manageable again.',
    therapies: ['individual'],
    specialities: ['anxiety', 'panic-phobias', 'stress-burnout'],
    modalities: ['online', 'in-person'],
    disciplines: ['clinical-psychologist', 'licensed-professional-counselor'],
    fee: 12_000,
  },
  {
    headline: 'Couples and relationships (EFT)',
    bio: 'I work with couples who keep having the same argument or feel they are drifting apart. With emotionally focused therapy we find the pattern between you and build a calmer, closer connection.',
    therapies: ['couples', 'individual'],
    specialities: ['relationships', 'life-transitions'],
    modalities: ['online', 'in-person'],
    disciplines: ['marriage-family-therapist'],
    fee: 15_000,
  },
  {
    headline: 'Trauma and PTSD (EMDR)',
    bio: 'I help adults recover from trauma, from a single frightening event to years of stress. With EMDR and trauma-focused CBT we work at a pace that feels safe, until the memories lose their grip and sleep improves.',
    therapies: ['individual'],
    specialities: ['trauma-ptsd', 'anxiety', 'sleep'],
    modalities: ['online', 'in-person'],
    disciplines: ['clinical-psychologist', 'licensed-clinical-social-worker'],
    fee: 14_000,
  },
  {
    headline: 'Grief and loss counselling',
    bio: 'I support people after the death of someone close, a separation or another loss that changed their life. In person-centred and narrative work we make room for the grief and find words for what hurts.',
    therapies: ['individual', 'group'],
    specialities: ['grief-loss', 'depression', 'life-transitions'],
    modalities: ['online', 'in-person'],
    disciplines: ['licensed-clinical-social-worker', 'licensed-professional-counselor'],
    fee: 9_500,
  },
  {
    headline: 'Depression and low mood',
    bio: 'I help adults with depression, low mood and a harsh inner critic. Drawing on cognitive behavioural therapy and acceptance and commitment therapy, we rebuild energy, routines and self-esteem one step at a time.',
    therapies: ['individual'],
    specialities: ['depression', 'self-esteem', 'stress-burnout'],
    modalities: ['online'],
    disciplines: ['clinical-psychologist', 'psychologist', 'licensed-professional-counselor'],
    fee: 11_000,
  },
  {
    headline: 'Family and teen therapy',
    bio: 'I work with families and teenagers through conflict at home, school stress and big changes. Family systems and solution-focused sessions help parents and teens understand each other and try new ways together.',
    therapies: ['family', 'child-adolescent'],
    specialities: ['parenting', 'adhd', 'anxiety'],
    modalities: ['online', 'in-person'],
    disciplines: ['marriage-family-therapist', 'licensed-clinical-social-worker'],
    fee: 13_000,
  },
  {
    headline: 'Addiction and recovery',
    bio: 'I help people change their relationship with alcohol, drugs or gambling, whether they want to cut down or stop. Motivational interviewing and CBT, one to one or in a group, support lasting recovery without judgement.',
    therapies: ['individual', 'group'],
    specialities: ['addiction', 'stress-burnout', 'anger'],
    modalities: ['online', 'in-person'],
    disciplines: ['addiction-counselor', 'licensed-professional-counselor'],
    fee: 9_000,
  },
  {
    headline: 'Play therapy for children',
    bio: 'I work with children aged four to twelve and their parents. Through play and art, children show what they cannot yet say; I support autistic children, children with ADHD and their families.',
    therapies: ['child-adolescent', 'family'],
    specialities: ['autism', 'adhd', 'parenting'],
    modalities: ['in-person', 'online'],
    disciplines: ['licensed-professional-counselor', 'licensed-clinical-social-worker'],
    fee: 11_500,
  },
  {
    headline: 'LGBTQ+ affirming therapy',
    bio: 'I offer an affirming space for LGBTQ+ adults and couples: coming out, identity, family and relationships, and the stress of being different. Person-centred and acceptance-based work builds self-esteem and confidence.',
    therapies: ['individual', 'couples'],
    specialities: ['lgbtq', 'cultural-identity', 'self-esteem'],
    modalities: ['online'],
    disciplines: ['licensed-clinical-social-worker', 'licensed-professional-counselor'],
    fee: 10_500,
  },
  {
    headline: 'OCD and intrusive thoughts (ERP)',
    bio: 'I treat obsessive-compulsive disorder and intrusive thoughts with exposure and response prevention, the best-supported therapy for OCD, alongside CBT, so the rituals lose their hold and anxiety becomes bearable.',
    therapies: ['individual'],
    specialities: ['ocd', 'anxiety'],
    modalities: ['online', 'in-person'],
    disciplines: ['clinical-psychologist', 'psychologist'],
    fee: 16_000,
  },
  {
    headline: 'Eating disorders (DBT and CBT)',
    bio: 'I help teenagers and adults with eating disorders, body image and self-harm. With dialectical behaviour therapy and CBT, and families where that helps, we build steadier eating, emotions and self-esteem.',
    therapies: ['individual', 'family'],
    specialities: ['eating-disorders', 'self-esteem', 'self-harm'],
    modalities: ['online', 'in-person'],
    disciplines: ['clinical-psychologist', 'licensed-clinical-social-worker'],
    fee: 15_500,
  },
  {
    headline: 'Pregnancy and postpartum',
    bio: 'I support parents through pregnancy, birth and the first years: postpartum depression and anxiety, a difficult birth, and the changes a baby brings to a couple. Interpersonal and compassion-focused therapy.',
    therapies: ['individual', 'couples'],
    specialities: ['perinatal', 'depression', 'anxiety'],
    modalities: ['online'],
    disciplines: ['licensed-clinical-social-worker', 'psychologist'],
    fee: 12_500,
  },
];

/** Name, gender (the reference list's code), ethnicity and a second language where the person has one. */
const PEOPLE: Array<[first: string, last: string, gender: string, ethnicity: string, language?: string]> = [
  ['Olivia', 'Bennett', 'female', 'white'],
  ['Liam', 'Carter', 'male', 'african-american'],
  ['Sophia', 'Martinez', 'female', 'hispanic-latino', 'es'],
  ['Noah', 'Williams', 'male', 'white'],
  ['Isabella', 'Nguyen', 'female', 'southeast-asian'],
  ['Riley', 'Morgan', 'non-binary', 'white'],
  ['Emma', 'Johnson', 'female', 'african-american'],
  ['Elijah', 'Brooks', 'male', 'african-american'],
  ['Camila', 'Torres', 'female', 'hispanic-latino', 'es'],
  ['James', 'Wright', 'male', 'white'],
  ['Ava', 'Thompson', 'female', 'white'],
  ['Avery', 'Patel', 'non-binary', 'south-asian', 'hi'],
  ['Mia', 'Robinson', 'female', 'mixed'],
  ['Mateo', 'Lopez', 'male', 'hispanic-latino', 'es'],
  ['Grace', 'Kim', 'female', 'east-asian'],
  ['William', 'Scott', 'male', 'white'],
  ['Amelia', 'Clark', 'female', 'white', 'fr'],
  ['Henry', 'Garcia', 'male', 'hispanic-latino', 'es'],
  ['Harper', 'Lewis', 'female', 'african-american'],
  ['Benjamin', 'Adams', 'male', 'white'],
  ['Evelyn', 'Walker', 'female', 'white'],
  ['Jordan', 'Ellis', 'non-binary', 'mixed'],
  ['Luna', 'Rivera', 'female', 'hispanic-latino', 'es'],
  ['Lucas', 'Hill', 'male', 'white'],
  ['Emily', 'Hernandez', 'female', 'hispanic-latino', 'es'],
  ['Daniel', 'Chen', 'male', 'east-asian', 'zh'],
  ['Abigail', 'Young', 'female', 'white'],
  ['Theodore', 'Green', 'male', 'white'],
  ['Ella', 'King', 'female', 'african-american'],
  ['Samuel', 'Mitchell', 'male', 'white'],
];

/** Weekly hours a practice keeps, in the therapist's own zone: [ISO weekday, start minute, end minute][]. */
const WEEKS: Array<Array<[number, number, number]>> = [
  // Monday to Friday, 9 to 5 with a lunch hour.
  [1, 2, 3, 4, 5].flatMap((d) => [[d, 540, 720] as [number, number, number], [d, 780, 1020]]),
  // Monday to Thursday, 8 to 4.
  [1, 2, 3, 4].map((d) => [d, 480, 960] as [number, number, number]),
  // Tuesday to Saturday, 10 to 6.
  [2, 3, 4, 5, 6].map((d) => [d, 600, 1080] as [number, number, number]),
  // Afternoons and evenings, noon to 8, Monday to Friday.
  [1, 2, 3, 4, 5].map((d) => [d, 720, 1200] as [number, number, number]),
  // Monday, Wednesday and Friday, 9 to 3.
  [1, 3, 5].map((d) => [d, 540, 900] as [number, number, number]),
];

const STATES: DemoState[] = ['NY', 'CA', 'TX', 'FL', 'IL'];
const RELIGIONS = ['prefer-not-to-say', 'christianity', 'none', 'spiritual', 'judaism', 'prefer-not-to-say'];
const STREETS = ['Main Street', 'Oak Avenue', 'Elm Street', 'Park Place', 'Maple Drive', 'Cedar Lane'];
const CITIES: Record<DemoState, string> = {
  NY: 'New York, NY',
  CA: 'Los Angeles, CA',
  TX: 'Austin, TX',
  FL: 'Miami, FL',
  IL: 'Chicago, IL',
};

export interface DemoTherapist {
  /** 1-based, stable: the e-mail address and the picture's colours come from it. */
  n: number;
  firstName: string;
  lastName: string;
  /** "Dr" for the psychologists, none for the others. */
  title: string | null;
  gender: string;
  ethnicity: string;
  religion: string;
  /** Where they live and work; licensed there and perhaps in one more state. */
  homeState: DemoState;
  licenceStates: DemoState[];
  timezone: string;
  headline: string;
  bio: string;
  discipline: string;
  therapies: string[];
  specialities: string[];
  modalities: string[];
  /** ISO 639-1 codes; English first. */
  languages: string[];
  /** USD cents. */
  fee: number;
  officeAddress: string;
  /** [ISO weekday, start minute, end minute], local wall-clock time. */
  hours: Array<[number, number, number]>;
}

export const DEMO_THERAPIST_COUNT = PEOPLE.length;

/** The thirty demo therapists, always the same. */
export function demoTherapists(): DemoTherapist[] {
  return PEOPLE.map(([firstName, lastName, gender, ethnicity, language], i) => {
    const n = i + 1;
    const focus = FOCUSES[i % FOCUSES.length]!;
    const homeState = STATES[i % STATES.length]!;
    const discipline = focus.disciplines[Math.floor(i / FOCUSES.length) % focus.disciplines.length]!;
    const doctor = discipline === 'clinical-psychologist' || discipline === 'psychologist';
    const second = i % 3 === 0 ? STATES[(i + 2) % STATES.length]! : null;
    return {
      n,
      firstName,
      lastName,
      title: doctor ? 'Dr' : null,
      gender,
      ethnicity,
      religion: RELIGIONS[i % RELIGIONS.length]!,
      homeState,
      licenceStates: second ? [homeState, second] : [homeState],
      timezone: STATE_ZONES[homeState],
      headline: focus.headline,
      bio: focus.bio,
      discipline,
      therapies: focus.therapies,
      specialities: focus.specialities,
      modalities: focus.modalities,
      languages: language ? ['en', language] : ['en'],
      fee: focus.fee + (i % 4) * 500,
      officeAddress: `${100 + n * 7} ${STREETS[i % STREETS.length]}, ${CITIES[homeState]}`,
      hours: WEEKS[i % WEEKS.length]!,
    };
  });
}

/** The people who wrote the demo reviews: clients of the demo therapists, one pair per state; they cannot sign in. */
export const DEMO_REVIEWERS: Array<[first: string, last: string, state: DemoState]> = [
  ['Maya', 'Sullivan', 'NY'],
  ['Chris', 'Ortega', 'NY'],
  ['Priya', 'Shah', 'CA'],
  ['Tom', 'Becker', 'CA'],
  ['Lauren', 'Diaz', 'TX'],
  ['Marcus', 'Reed', 'TX'],
  ['Nina', 'Alvarez', 'FL'],
  ['Owen', 'Price', 'FL'],
  ['Hannah', 'Cole', 'IL'],
  ['Jamal', 'Turner', 'IL'],
];

/** What the reviewers wrote: a rating (half stars allowed) and a comment, written as clients write them. */
export const DEMO_REVIEW_TEXTS: Array<[rating: number, comment: string]> = [
  [5, 'Warm, calm and practical. After a few sessions I finally had tools that work in the moment.'],
  [4.5, 'I felt listened to from the first session. Clear plan, and homework that actually helped.'],
  [5, 'Patient and kind. I was nervous about starting therapy and never felt judged.'],
  [4, 'Good sessions and easy to book online. It took a while to click, but I am glad I stayed.'],
  [4.5, 'Asks the right questions and remembers the details. I leave every session with something to try.'],
  [5, 'Helped me through a really hard few months. I recommend them to friends.'],
];

/** The picture's colours: background and text, chosen for contrast (white text on a dark, saturated ground). */
export const AVATAR_COLOURS = ['#1d4ed8', '#047857', '#7c3aed', '#b45309', '#be123c', '#0f766e', '#4338ca', '#a21caf'];
