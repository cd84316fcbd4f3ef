export const itemSvg = (item: { nameEn: string }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 150"><text x="10" y="80" fill="#fff">${item.nameEn.replace(/[<&>]/g, '')}</text></svg>`;
export const caseSvg = (c: { nameEn: string }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><text x="10" y="128" fill="#fff">${c.nameEn.replace(/[<&>]/g, '')}</text></svg>`;
