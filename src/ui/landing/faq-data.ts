/** The six FAQ entries of spec section 1; also the source of the FAQPage structured data. */
export const faqItems = (contactEmail: string) =>
  [
    {
      question: '¿Qué es De estudiantes a estudiantes?',
      answer:
        'Es un marketplace hecho por estudiantes universitarios para estudiantes universitarios, donde puedes comprar, vender e intercambiar comida casera, snacks, postres, servicios y material de estudio dentro de tu campus.',
    },
    {
      question: '¿En qué universidades está disponible?',
      answer:
        'Estamos en fase beta en universidades seleccionadas, comenzando en Guadalajara. Únete a la lista de espera de tu campus y te avisaremos en cuanto llegue.',
    },
    {
      question: '¿Es seguro comprar y vender?',
      answer:
        'Sí. Verificamos la identidad de cada estudiante con su correo universitario y la mensajería integrada protege tus datos personales.',
    },
    {
      question: '¿Qué tipo de comida puedo encontrar?',
      answer:
        'Comida casera, platillos favoritos, platillos preparados, snacks y postres hechos por otros estudiantes, además de servicios y material de estudio.',
    },
    {
      question: '¿Cómo funciona el sistema de reputación?',
      answer:
        'Después de cada pedido, compradores y vendedores se califican entre sí. Las calificaciones y reseñas ayudan a toda la comunidad a elegir con confianza.',
    },
    {
      question: '¿Hay una app para celular?',
      answer: `Las apps nativas para iOS y Android están en camino. Mientras tanto, únete a la lista de espera y te avisaremos. ¿Tienes más preguntas? Escríbenos a ${contactEmail}.`,
    },
  ] as const;

/** schema.org FAQPage for the visible FAQ. */
export const faqStructuredData = (contactEmail: string) => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: faqItems(contactEmail).map(({ question, answer }) => ({
    '@type': 'Question',
    name: question,
    acceptedAnswer: { '@type': 'Answer', text: answer },
  })),
});
