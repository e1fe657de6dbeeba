/**
 * Review comments in French, by tone, all between 20 and 512 characters (SPEC §5); `{doctor}`
 * is replaced by the doctor's name. Ratings are drawn so the tone matches the stars.
 */
export const POSITIVE_COMMENTS: ReadonlyArray<string> = [
  "Très bon médecin, à l'écoute et patient. Il a pris le temps de tout m'expliquer et le traitement a fonctionné dès la première semaine.",
  "{doctor} est d'une grande gentillesse. Le rendez-vous a commencé à l'heure, ce qui est rare. Je recommande vivement.",
  "Consultation sérieuse et complète. Les explications étaient claires, en français comme en wolof pour ma mère. Merci docteur !",
  "Excellent suivi de ma grossesse, toujours disponible pour répondre à mes questions. Toute la famille la recommande.",
  "Médecin compétent et humain. Il m'a orienté rapidement vers les bons examens et m'a rappelé pour les résultats.",
  "Je suis venu pour des douleurs au dos depuis des mois. Diagnostic posé rapidement et rééducation efficace. Merci beaucoup.",
  "Accueil chaleureux, cabinet propre et bien organisé. Le docteur rassure les enfants, mon fils n'a même pas pleuré.",
  "Je consulte {doctor} depuis trois ans pour mon diabète : suivi rigoureux, conseils pratiques sur l'alimentation, résultats visibles.",
  "Très professionnel. La téléconsultation s'est bien passée malgré une connexion moyenne, et l'ordonnance est arrivée par SMS.",
  "Un grand merci pour la visite à domicile pour mon père âgé. Ponctuel, attentionné et de très bon conseil pour la famille.",
  "Rendez-vous pris en ligne pour le lendemain, aucune attente sur place. Le docteur est précis et va droit au but.",
  "Docteur très pédagogue, il explique les résultats d'analyses avec des mots simples. Je me sens enfin bien suivie.",
  "Ma tension est enfin stabilisée grâce à {doctor}. Le suivi est régulier et le tarif est raisonnable.",
  "Prise en charge rapide d'une crise de paludisme de mon fils. Le docteur a été rassurant et disponible par téléphone.",
  "Très satisfaite de la consultation. Le docteur parle arabe et français, ce qui a beaucoup aidé ma grand-mère.",
  "Compétence et humilité. {doctor} m'a évité une opération inutile en proposant d'abord un traitement adapté.",
]

export const MIXED_COMMENTS: ReadonlyArray<string> = [
  "Bon médecin mais l'attente en salle a duré plus d'une heure malgré le rendez-vous. Consultation correcte une fois reçu.",
  "Le diagnostic était juste, mais j'aurais aimé plus d'explications sur les effets secondaires du traitement.",
  "Consultation rapide, peut-être un peu trop. Le docteur semble compétent mais débordé.",
  "Cabinet difficile à trouver et secrétariat peu joignable. Le médecin lui-même est sérieux et aimable.",
  "Traitement efficace, mais le coût des examens demandés n'a pas été annoncé à l'avance. Dommage.",
  "Médecin correct. La téléconsultation a été coupée deux fois, il a fallu rappeler. Le suivi par message est bien.",
]

export const NEGATIVE_COMMENTS: ReadonlyArray<string> = [
  "Rendez-vous annulé au dernier moment sans prévenir, j'ai fait le trajet depuis Rufisque pour rien.",
  "Consultation expédiée en cinq minutes, je n'ai pas pu poser mes questions. Je ne reviendrai pas.",
  "Attente de deux heures et accueil désagréable à la réception. Le médecin ne s'est pas excusé du retard.",
  "Je n'ai pas compris le traitement prescrit et personne n'a répondu à mes appels ensuite. Déçue.",
]

/** Why patients book, by appointment type. */
export const REASONS = {
  CLINIC: [
    "Douleurs thoraciques à l'effort",
    "Contrôle de la tension artérielle",
    "Bilan de santé annuel",
    "Fièvre persistante depuis trois jours",
    "Suivi du diabète",
    "Douleurs lombaires",
    "Renouvellement d'ordonnance",
    "Éruption cutanée",
    "Maux de tête fréquents",
    "Toux persistante",
  ],
  ONLINE: ["Résultats d'analyses à commenter", "Conseil avant un voyage", "Suivi après traitement"],
  HOME: ["Visite pour un parent âgé", "Enfant fiévreux ne pouvant se déplacer"],
} as const
